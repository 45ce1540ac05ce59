import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the session is being restored, instead of a premature redirect. */
export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader type="bars" color="magenta.4" aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
