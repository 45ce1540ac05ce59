import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';

/** The frame of every public auth page: a centred card with a heading and an optional lead. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 56 }}>
      <PageTitle title={title} />
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} withBorder>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {lead && (
              <Text c="dimmed" size="sm">
                {lead}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
