import { SCAN_MESSAGES } from '@fourfour/shared/scan-rules';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import classes from '../scan.module.css';

/**
 * For a damaged or unreadable QR: the door code printed under it ("3F9A-12C4-77BE", any case,
 * spaces or dashes as typed), or the whole QR value pasted.
 */
export function ManualCodeForm({ disabled, onSubmit }: { disabled: boolean; onSubmit(code: string): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className={classes.manual}
      aria-label="Enter a ticket code"
      onSubmit={(event) => {
        event.preventDefault();
        const value = code.trim();
        if (!value) {
          setError(SCAN_MESSAGES.missingCode);
          return;
        }
        setError(null);
        onSubmit(value);
      }}
    >
      <Stack gap="sm">
        <TextInput
          size="lg"
          label="Ticket code"
          description="QR code damaged? Type the door code printed under it."
          placeholder="3F9A-12C4-77BE"
          value={code}
          error={error}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <Button type="submit" size="lg" variant="light" fullWidth disabled={disabled}>
          Check code
        </Button>
      </Stack>
    </form>
  );
}
