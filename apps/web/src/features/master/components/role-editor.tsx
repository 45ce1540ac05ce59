import { ASSIGNABLE_ROLES, type AssignableRole } from '@fourfour/shared/enums';
import { MASTER_MESSAGES, type MasterUserRow } from '@fourfour/shared/master';
import { Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessageOf } from '../../../lib/api-client.ts';
import { useChangeUserRole } from '../api/change-user-role.ts';

/**
 * A row's role selector. Locked (spec) for a MASTER's row and for one's own; Update is enabled
 * only when the chosen role differs from the current one.
 */
export function RoleEditor({ user, lock }: { user: MasterUserRow; lock: string | null }) {
  const [chosen, setChosen] = useState<string>(user.role);
  const change = useChangeUserRole();
  const locked = lock !== null || user.deleted;

  if (locked) {
    return (
      <Tooltip label={lock ?? MASTER_MESSAGES.deletedUser} withArrow multiline w={240}>
        <Group gap={6} wrap="nowrap" tabIndex={0} aria-label={`${user.role}: ${lock ?? MASTER_MESSAGES.deletedUser}`}>
          <IconLock size={14} aria-hidden="true" />
          <Text size="sm" fw={600}>
            {user.role}
          </Text>
        </Group>
      </Tooltip>
    );
  }

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label={`Role of ${user.username ?? user.id}`}
          data={[...ASSIGNABLE_ROLES]}
          value={chosen}
          onChange={(v) => v && setChosen(v)}
          allowDeselect={false}
          size="xs"
          w={150}
          disabled={change.isPending}
        />
        <Button
          size="xs"
          disabled={chosen === user.role || change.isPending}
          onClick={() =>
            change.mutate(
              { id: user.id, role: chosen as AssignableRole },
              {
                onSuccess: (row) =>
                  notifications.show({ color: 'teal', message: `${row.username ?? row.id} is now ${row.role}.` }),
              },
            )
          }
        >
          {change.isPending ? 'Updating…' : 'Update'}
        </Button>
      </Group>
      {change.isError && (
        <Text size="xs" c="red.4" role="alert">
          {serverMessageOf(change.error) ?? MASTER_MESSAGES.roleUpdateFailed}
        </Text>
      )}
    </Stack>
  );
}
