import { RELEASE_MESSAGES } from '@fourfour/shared/release-messages';
import type { UnlockedReleases } from '@fourfour/shared/releases';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { serverMessageOf } from '../../../lib/api-client.ts';
import { useUnlockReleases } from '../api/get-unlocked-releases.ts';

export interface AppliedPresaleCode extends UnlockedReleases {
  code: string;
}

/**
 * "Have a presale code?": a link that opens a code field. Apply asks which hidden releases the code
 * opens (the server's message under the field when none); the page then shows them in the ladder
 * and sends the code with the reservation.
 */
export function PresaleCodeField({
  eventId,
  applied,
  disabled,
  onChange,
}: {
  eventId: number;
  applied: AppliedPresaleCode | null;
  disabled: boolean;
  onChange: (applied: AppliedPresaleCode | null) => void;
}) {
  const unlock = useUnlockReleases();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Opened by a click: the field takes the focus, so the code can be typed at once.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (applied) {
    return (
      <Group gap="xs" role="status">
        <IconLockOpen size={16} aria-hidden color="var(--mantine-color-teal-4)" />
        <Text size="sm">
          Presale code <strong>{applied.code}</strong> applied.
        </Text>
        {!disabled && (
          <Button variant="subtle" size="compact-sm" color="gray" px={4} onClick={() => onChange(null)}>
            Remove code
          </Button>
        )}
      </Group>
    );
  }
  if (!open) {
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setOpen(true)}
      >
        Have a presale code?
      </Button>
    );
  }

  async function apply() {
    const trimmed = code.trim();
    if (!trimmed) return;
    try {
      const result = await unlock.mutateAsync({ eventId, unlockCode: trimmed });
      setError(null);
      onChange({ ...result, code: trimmed });
    } catch (err) {
      setError(serverMessageOf(err) ?? RELEASE_MESSAGES.codeInvalid);
    }
  }

  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput
        label="Presale code"
        value={code}
        error={error}
        disabled={disabled}
        autoComplete="off"
        ref={input}
        onChange={(ev) => {
          setCode(ev.currentTarget.value.toUpperCase());
          setError(null);
        }}
        onKeyDown={(ev) => {
          if (ev.key === 'Enter') void apply();
        }}
        style={{ flex: 1 }}
      />
      <Button
        variant="default"
        mt={25}
        aria-label="Apply presale code"
        onClick={apply}
        loading={unlock.isPending}
        disabled={disabled || !code.trim()}
      >
        Apply
      </Button>
    </Group>
  );
}
