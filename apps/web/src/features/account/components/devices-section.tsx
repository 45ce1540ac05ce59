import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { SESSION_MESSAGES, type SignedInDevice } from '@fourfour/shared/sessions';
import { useState } from 'react';
import { serverMessageOf } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSignedInDevices } from '../api/list-signed-in-devices.ts';
import { useSignOutDevice } from '../api/sign-out-device.ts';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices.ts';

const isPhone = (browser: string) => / on (Android|iOS|iPadOS)$/.test(browser);

function DeviceRow({
  device,
  onSignOut,
  signingOut,
}: {
  device: SignedInDevice;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const Icon = isPhone(device.browser) ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="signed-in-device">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color="gray" radius="md" size="lg" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{device.browser}</Text>
              {device.current && (
                <Badge color="teal" variant="light" size="sm">
                  This device
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              Signed in {formatDateTime(device.createdAt)}
            </Text>
            <Text size="sm" c="dimmed">
              Last used {formatDateTime(device.lastUsedAt)}
            </Text>
          </Stack>
        </Group>
        {!device.current && (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={onSignOut}
            loading={signingOut}
            style={{ flexShrink: 0 }}
            aria-label={`Sign out ${device.browser}, signed in ${formatDateTime(device.createdAt)}`}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The body of the account page's devices card (loaded after the page): the signed-in devices, with
 * "Sign out" per device and "Sign out everywhere else".
 */
export function DevicesPanel() {
  const devices = useSignedInDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function run(action: Promise<{ message: string }>) {
    setNotice(null);
    setFailure(null);
    action.then(
      (reply) => setNotice(reply.message),
      (err: unknown) => setFailure(serverMessageOf(err) ?? SESSION_MESSAGES.signOutFailed),
    );
  }

  const others = devices.data?.filter((d) => !d.current).length ?? 0;
  return devices.isPending ? (
    <Loader size="sm" aria-label="Loading your signed-in devices" />
  ) : devices.isError ? (
    <Alert color="red" variant="light" role="alert">
      {SESSION_MESSAGES.loadFailed}
    </Alert>
  ) : (
    <Stack gap="sm">
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {devices.data.map((device) => (
        <DeviceRow
          key={device.id}
          device={device}
          onSignOut={() => run(signOut.mutateAsync(device.id))}
          signingOut={signOut.isPending && signOut.variables === device.id}
        />
      ))}
      {others > 0 && (
        <Group>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => run(signOutOthers.mutateAsync())}
            loading={signOutOthers.isPending}
          >
            Sign out everywhere else
          </Button>
        </Group>
      )}
    </Stack>
  );
}
