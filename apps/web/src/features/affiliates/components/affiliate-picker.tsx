import { AFFILIATE_PICKER_LIMIT, type AffiliateUser } from '@fourfour/shared/affiliates';
import { MASTER_MESSAGES } from '@fourfour/shared/master';
import { CloseButton, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchAffiliates } from '../api/search-affiliates.ts';

const labelOf = (u: AffiliateUser) => `${u.username ?? 'deleted user'} · ${u.email ?? '—'} · #${u.id}`;

/**
 * The admin sales view's user picker: searches username, email or id on the server, shows the
 * first 50 matches, and is driven by the keyboard (arrows move, Enter picks, Escape closes).
 */
export function AffiliatePicker({
  value,
  onChange,
}: {
  value: AffiliateUser | null;
  onChange: (user: AffiliateUser | null) => void;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(value ? labelOf(value) : '');
  const [debounced] = useDebouncedValue(search, 250);
  const typed = value && search === labelOf(value) ? '' : debounced;
  const results = useSearchAffiliates(typed, combobox.dropdownOpened);
  const users = results.data?.content ?? [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const user = users.find((u) => String(u.id) === id) ?? null;
        onChange(user);
        setSearch(user ? labelOf(user) : '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Affiliate"
          description="Search by username, email or id; leave empty for your own sales."
          placeholder="Search affiliates"
          value={search}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            results.isFetching ? (
              <Loader size={16} />
            ) : value || search ? (
              <CloseButton
                aria-label="Clear the affiliate"
                size="sm"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setSearch('');
                  onChange(null);
                }}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          data-testid="affiliate-picker"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {results.isError ? (
            <Combobox.Empty>{MASTER_MESSAGES.usersLoadFailed}</Combobox.Empty>
          ) : users.length === 0 ? (
            <Combobox.Empty>{results.isPending ? 'Searching…' : 'No matches.'}</Combobox.Empty>
          ) : (
            users.map((u) => (
              <Combobox.Option value={String(u.id)} key={u.id} active={u.id === value?.id}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate>
                    {u.username ?? 'deleted user'}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {u.email} · #{u.id}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
        {(results.data?.totalElements ?? 0) > AFFILIATE_PICKER_LIMIT && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              First {AFFILIATE_PICKER_LIMIT} of {results.data?.totalElements} matches; type more to narrow them down.
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
