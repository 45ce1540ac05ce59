import { DOOR_DEVICE_NAME_MAX } from '@fourfour/shared/door-rules';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCloudOff, IconDownload, IconRefresh, IconTrash, IconWifi } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { serverMessageOf } from '../../../lib/api-client.ts';
import { formatLocalDate, formatLocalTime, formatTime } from '../../../lib/format.ts';
import { doorSchemas } from '../../../lib/lazy-schemas.ts';
import { useDoorEvents } from '../api/get-door-events.ts';
import { useNameDevice } from '../api/name-device.ts';
import type { Door } from '../offline/use-door.ts';
import classes from '../scan.module.css';

/** "just now", "2 min ago", "1 h 5 min ago". */
export function ageLabel(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
}

/** Re-renders every 15 s, so ages stay true while the page sits open. */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Whether the service worker controls the page: the scanner then opens with no network. */
function useWorksOffline(): boolean {
  const [ready, setReady] = useState(() => !!navigator.serviceWorker?.controller);
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const update = () => setReady(!!container.controller);
    container.addEventListener('controllerchange', update);
    void container.ready.then(update);
    return () => container.removeEventListener('controllerchange', update);
  }, []);
  return ready;
}

const SAVE_FAILED = 'The name could not be saved. Try again with signal.';

function DeviceName({ door }: { door: Door }) {
  const [editing, setEditing] = useState(!door.deviceName);
  const [value, setValue] = useState(door.deviceName ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useNameDevice();
  if (!editing && door.deviceName) {
    return (
      <Group gap="xs" justify="space-between">
        <Text size="lg">
          This phone: <strong data-testid="device-name">{door.deviceName}</strong>
        </Text>
        <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
          Rename
        </Button>
      </Group>
    );
  }
  return (
    <form
      aria-label="Name this phone"
      onSubmit={async (event) => {
        event.preventDefault();
        // The shared rule's schema loads with the first save, keeping zod out of the page's first load
        // (the service worker precaches it, so it loads offline too).
        const schemas = await doorSchemas().catch(() => null);
        if (!schemas) {
          setError(SAVE_FAILED);
          return;
        }
        const parsed = schemas.DoorDeviceNameBody.safeParse({ deviceId: door.deviceId, name: value });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? null);
          return;
        }
        setError(null);
        save.mutate(parsed.data, {
          onSuccess: (named) => {
            door.setDeviceName(named.name);
            setEditing(false);
          },
          onError: (err) => setError(serverMessageOf(err) ?? SAVE_FAILED),
        });
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          className={classes.grow}
          label="Name this phone"
          description="Shown in scan logs and on the door dashboard, e.g. Front door."
          placeholder="Front door"
          maxLength={DOOR_DEVICE_NAME_MAX}
          value={value}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

function Queue({ door }: { door: Door }) {
  const pending = door.queue.filter((s) => s.state === 'pending');
  const conflicts = door.queue.filter((s) => s.state === 'synced' && s.result && s.result.result !== 'ADMITTED');
  return (
    <Stack gap="xs" data-testid="offline-queue">
      {pending.length > 0 ? (
        <Text size="lg" fw={700} data-testid="queue-pending">
          {pending.length} offline admission{pending.length === 1 ? '' : 's'} waiting to send
          {door.syncing ? ' — sending…' : door.online ? '' : ' (when the signal is back)'}
        </Text>
      ) : (
        door.lastSync && (
          <Text size="lg" data-testid="queue-synced">
            All offline admissions sent ({door.lastSync.sent} at {formatTime(door.lastSync.at)}).
          </Text>
        )
      )}
      {door.online && pending.length > 0 && !door.syncing && door.session === 'live' && (
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={() => void door.sync()}
        >
          Send now
        </Button>
      )}
      {conflicts.length > 0 && (
        <Alert color="orange" title={`Conflicts (${conflicts.length})`} data-testid="sync-conflicts">
          <List spacing={4}>
            {conflicts.map((s) => (
              <List.Item key={s.nonce}>
                <strong>{s.name ?? 'Ticket'}</strong>, admitted here at {formatTime(s.scannedAt)}: {s.result!.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The door's offline kit, under the camera: is the phone online, its name, the door lists it holds
 * (with their age) and the ones it can download, and its queue of offline admissions.
 */
export function DoorPanel({ door, isAdmin }: { door: Door; isAdmin: boolean }) {
  const now = useNow();
  const worksOffline = useWorksOffline();
  const events = useDoorEvents(door.online && door.session === 'live');
  const held = new Set(door.packs.map((p) => p.pack.eventId));
  const available = (events.data ?? []).filter((e) => !held.has(e.id));

  return (
    <Paper withBorder p="md" radius="md" className={classes.panel} aria-labelledby="door-panel-heading">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} id="door-panel-heading" size="h3">
            Door lists
          </Title>
          <Group gap="xs">
            {door.online ? (
              <Badge color="green" size="lg" leftSection={<IconWifi size={14} aria-hidden="true" />}>
                Online
              </Badge>
            ) : (
              <Badge
                color="yellow"
                size="lg"
                leftSection={<IconCloudOff size={14} aria-hidden="true" />}
                data-testid="offline-badge"
              >
                Offline
              </Badge>
            )}
            {worksOffline && (
              <Badge variant="outline" color="gray" size="lg" data-testid="works-offline">
                Works offline
              </Badge>
            )}
          </Group>
        </Group>

        {door.session === 'signed-out' && (
          <Alert color="red" title="Sign in again">
            Your session has ended.{' '}
            <Anchor component={Link} to="/login" state={{ from: '/ticket/scan' }}>
              Sign in
            </Anchor>{' '}
            to scan online and to send this phone’s offline admissions; they stay on the phone until then.
          </Alert>
        )}
        {door.canVerify === false && (
          <Alert color="yellow">
            This browser cannot check ticket signatures offline; only tickets on its door lists are checked.
          </Alert>
        )}

        <DeviceName door={door} />

        {door.packs.length === 0 && (
          <Text c="dimmed">
            No door list on this phone yet. Download tonight’s before doors open: the scanner then keeps working with no
            signal.
          </Text>
        )}
        <Stack gap="sm" data-testid="door-packs">
          {door.packs.map(({ pack }) => (
            <div key={pack.eventId} className={classes.packRow} data-testid="door-pack">
              <div>
                <Text fw={700}>{pack.event.title}</Text>
                <Text size="sm" c="dimmed">
                  {pack.event.startTime
                    ? `${formatLocalDate(pack.event.startTime)}, ${formatLocalTime(pack.event.startTime)}`
                    : 'Date to be announced'}{' '}
                  · {pack.ticketCount} ticket{pack.ticketCount === 1 ? '' : 's'}
                </Text>
                <Text size="sm" data-testid="door-pack-age">
                  Door list updated {ageLabel(now - pack.fetchedAt)}
                </Text>
                {isAdmin && (
                  <Anchor component={Link} to={`/admin/events/${pack.eventId}/door`} size="sm">
                    Live door numbers
                  </Anchor>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Update the door list of ${pack.event.title}`}
                  disabled={!door.online}
                  onClick={() => void door.refreshPacks()}
                >
                  <IconRefresh size={18} aria-hidden="true" />
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove the door list of ${pack.event.title}`}
                  onClick={() => void door.remove(pack.eventId)}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </Button>
              </Group>
            </div>
          ))}
        </Stack>

        {available.length > 0 && (
          <Stack gap="xs">
            <Text fw={700}>Events with doors open or opening soon</Text>
            {available.map((event) => (
              <div key={event.id} className={classes.packRow}>
                <div>
                  <Text>{event.title}</Text>
                  <Text size="sm" c="dimmed">
                    {event.startTime ? `${formatLocalDate(event.startTime)}, ${formatLocalTime(event.startTime)}` : ''}
                  </Text>
                </div>
                <Button
                  size="sm"
                  variant="light"
                  leftSection={<IconDownload size={18} aria-hidden="true" />}
                  aria-label={`Download the door list of ${event.title}`}
                  onClick={() => void door.download(event.id)}
                >
                  Download
                </Button>
              </div>
            ))}
          </Stack>
        )}
        {door.error && (
          <Alert color="red" role="alert">
            {door.error}
          </Alert>
        )}

        <Queue door={door} />
      </Stack>
    </Paper>
  );
}
