import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card shaped like the account page's own sections (this feature cannot import that one). */
export function AccountCard({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      withBorder
      data-testid={`account-${id}`}
    >
      <Stack gap="md">
        <Stack
          gap={4}
          style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Title order={2} fz={{ base: 20, sm: 22 }} id={`${id}-title`}>
            {title}
          </Title>
          {action}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
