import { Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from './page-title.tsx';

interface ComingSoonProps {
  /** The screen's name, e.g. "Ticket scan". */
  title: string;
  /** What the screen will do once it is built. */
  summary?: string;
}

/**
 * Stands in for a screen a later piece of work builds. It says plainly that the screen is not
 * there yet; it never pretends to work.
 */
export function ComingSoon({ title, summary }: ComingSoonProps) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 80 }}>
      <PageTitle title={title} />
      <Paper className="coming-soon" radius="lg" p={{ base: 'lg', sm: 'xl' }} withBorder>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="magenta" aria-hidden="true">
            <IconHourglass size={34} stroke={1.6} />
          </ThemeIcon>
          <Badge variant="outline" color="magenta.3" size="lg">
            Coming soon
          </Badge>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          {summary && (
            <Text c="dimmed" maw={460}>
              {summary}
            </Text>
          )}
          <Text size="sm" c="dark.1" maw={460}>
            This screen is not available yet. It is being built and will appear here in a coming release.
          </Text>
          <Group justify="center" mt="sm">
            <Button
              component={Link}
              to="/"
              variant="light"
              leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
            >
              Back to home
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
