import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * One card of the account page, with a heading other sections can link to; `/account#<id>` scrolls
 * to it once it is shown (the two-factor notice of admin pages links to `#two-factor`).
 */
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
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${id}`) return;
    // After the layout's scroll to the top of a newly opened page.
    const timer = window.setTimeout(() => ref.current?.scrollIntoView({ block: 'start' }), 50);
    return () => window.clearTimeout(timer);
  }, [hash, id]);
  return (
    <Paper
      ref={ref}
      component="section"
      id={id}
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
