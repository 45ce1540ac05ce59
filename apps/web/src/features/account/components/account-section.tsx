import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the account page, with a heading other sections can link to. */
export function AccountSection({
  id,
  title,
  description,
  children,
  danger = false,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      withBorder
      style={danger ? { borderColor: 'var(--mantine-color-red-9)' } : undefined}
      data-testid={`account-${id}`}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 20, sm: 22 }} id={`${id}-title`} c={danger ? 'red.4' : undefined}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** Stands in for a section another feature fills (free tickets, affiliate code, my tickets). */
export function ComingWithFeature({ id, title, note }: { id: string; title: string; note: string }) {
  return (
    <AccountSection id={id} title={title}>
      <Text size="sm" c="dark.1">
        {note}
      </Text>
    </AccountSection>
  );
}
