import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { passwordChecks } from '@fourfour/shared/auth-rules';

/** The live password checklist (register, reset, change password): the shared rules, ticked as typed. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <List id={id} spacing={4} size="sm" center aria-live="polite" data-testid="password-checklist">
      {passwordChecks(password).map((check) => (
        <List.Item
          key={check.id}
          c={check.ok ? 'teal.3' : 'dark.1'}
          icon={
            <ThemeIcon color={check.ok ? 'teal' : 'dark.4'} size={18} radius="xl" aria-hidden="true">
              {check.ok ? <IconCheck size={12} stroke={3} /> : <IconX size={12} stroke={3} />}
            </ThemeIcon>
          }
        >
          <VisuallyHidden>{check.ok ? 'Done: ' : 'Missing: '}</VisuallyHidden>
          {check.label}
        </List.Item>
      ))}
    </List>
  );
}
