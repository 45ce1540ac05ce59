import { BarChart } from '@mantine/charts';
// After the package's components, so its rules follow the core rules they build on.
import '@mantine/charts/styles.css';
import type { DoorDashboard } from '@fourfour/shared/door';
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { formatLocalDate, formatLocalTime, formatTime } from '../../lib/format.ts';
import { useDoorDashboard } from './api/get-door-dashboard.ts';

const REFUSAL_LABELS: Record<DoorDashboard['refusals'][number]['reason'], string> = {
  ALREADY_USED: 'Already used',
  VOID: 'Void (refunded or cancelled)',
  WRONG_DAY: 'Wrong day',
  INVALID: 'Not a ticket',
};
const RESULT_LABELS: Record<string, string> = { OK: 'Admitted', ...REFUSAL_LABELS };

function Panel({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const deviceLabel = (id: string | null, name: string | null) => name ?? id ?? 'Unnamed device';
const ago = (iso: string | null, now: number) => {
  if (!iso) return '—';
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  return minutes < 1 ? 'just now' : minutes < 60 ? `${minutes} min ago` : `${formatTime(iso)}`;
};

function Admitted({ door }: { door: DoorDashboard }) {
  return (
    <Panel title="Admitted" note="Tickets admitted against tickets sold (refunded ones left out)">
      <Group align="baseline" gap="xs">
        <Text fz={44} fw={900} lh={1} data-testid="door-admitted">
          {door.totals.admitted}
        </Text>
        <Text size="xl" c="dimmed">
          of {door.totals.sold} sold
        </Text>
      </Group>
      <Progress value={percent(door.totals.admitted, door.totals.sold)} size="lg" aria-label="Share admitted" />
      {door.byType.map((t) => (
        <Group key={t.ticketType} justify="space-between">
          <Text>{t.ticketType === 'VIP' ? 'VIP' : 'Standard'}</Text>
          <Text fw={700}>
            {t.admitted} / {t.sold}
          </Text>
        </Group>
      ))}
      <Text size="sm" c="dimmed">
        {door.totals.admittedOffline} admitted offline and synced · {door.totals.conflicts} conflict
        {door.totals.conflicts === 1 ? '' : 's'}
      </Text>
    </Panel>
  );
}

function Arrivals({ door }: { door: DoorDashboard }) {
  const data = door.arrivals.map((a) => ({ label: formatTime(a.from), arrivals: a.count }));
  return (
    <Panel title="Arrivals" note="Admissions per 15 minutes, by the time each was scanned">
      {data.length === 0 ? (
        <Text c="dimmed">No one admitted yet.</Text>
      ) : (
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'arrivals', label: 'Admitted', color: 'magenta.5' }]}
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false }}
          aria-label="Arrivals per 15 minutes"
        />
      )}
    </Panel>
  );
}

function Devices({ door, now }: { door: DoorDashboard; now: number }) {
  return (
    <Panel title="Devices" note="Door phones at this event, their admissions and when each was last heard from">
      {door.devices.length === 0 ? (
        <Text c="dimmed">No door phone has scanned or downloaded this event’s list yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table data-testid="door-devices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Admitted</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>Staff</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {door.devices.map((d) => (
                <Table.Tr key={d.deviceId}>
                  <Table.Td>{deviceLabel(d.deviceId, d.name)}</Table.Td>
                  <Table.Td>{d.admitted}</Table.Td>
                  <Table.Td>{ago(d.lastSeenAt, now)}</Table.Td>
                  <Table.Td>{d.staff.join(', ') || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}

function Conflicts({ door }: { door: DoorDashboard }) {
  if (door.conflicts.length === 0) {
    return (
      <Panel title="Conflicts" note="Offline admissions the server could not accept">
        <Text c="dimmed">None.</Text>
      </Panel>
    );
  }
  return (
    <Panel title={`Conflicts (${door.totals.conflicts})`} note="Offline admissions the server could not accept">
      <Stack gap="xs" data-testid="door-conflicts">
        {door.conflicts.map((c) => (
          <Alert key={c.nonce} color="orange" variant="light" title={`${c.name ?? 'Ticket'} · ${c.doorCode ?? ''}`}>
            <Text size="sm">
              {RESULT_LABELS[c.result] ?? c.result}: admitted offline at {formatTime(c.scannedAt)} on{' '}
              {deviceLabel(c.deviceId, c.deviceName)}
              {c.scannedBy ? ` by ${c.scannedBy}` : ''}
              {c.firstAdmission?.admittedAt
                ? `, but first admitted at ${formatTime(c.firstAdmission.admittedAt)} on ${deviceLabel(
                    c.firstAdmission.deviceId,
                    c.firstAdmission.deviceName,
                  )}${c.firstAdmission.admittedBy ? ` by ${c.firstAdmission.admittedBy}` : ''}`
                : ''}
              .
            </Text>
          </Alert>
        ))}
      </Stack>
    </Panel>
  );
}

function Refusals({ door }: { door: DoorDashboard }) {
  return (
    <Panel title="Refusals" note="Codes refused at the door, by reason (online scans)">
      {door.refusals.map((r) => (
        <Group key={r.reason} justify="space-between">
          <Text>{REFUSAL_LABELS[r.reason]}</Text>
          <Badge variant={r.count > 0 ? 'filled' : 'outline'} color={r.count > 0 ? 'red' : 'gray'}>
            {r.count}
          </Badge>
        </Group>
      ))}
    </Panel>
  );
}

function RecentScans({ door }: { door: DoorDashboard }) {
  return (
    <Panel title="Latest scans" note="The scan log, newest first, with each door phone’s name">
      {door.recentScans.length === 0 ? (
        <Text c="dimmed">No scans yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Device</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {door.recentScans.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{formatTime(s.at)}</Table.Td>
                  <Table.Td>{RESULT_LABELS[s.result] ?? s.result}</Table.Td>
                  <Table.Td>{s.name ?? '—'}</Table.Td>
                  <Table.Td>{deviceLabel(s.deviceId, s.deviceName)}</Table.Td>
                  <Table.Td>{s.scannedBy ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}

/**
 * /admin/events/:id/door (issue 22): an event's door as it happens, refreshed every 5 seconds —
 * admitted against sold, arrivals per 15 minutes, devices, refusals, offline conflicts and the
 * latest scans. Admins see every event; door staff the events they work.
 */
export function DoorPage() {
  const id = Number(useParams().id);
  const door = useDoorDashboard(id);
  const data = door.data;
  const now = data ? Date.parse(data.generatedAt) : Date.now();
  const title = data ? `Door: ${data.event.title}` : 'Door';
  return (
    <Container size="lg" py="lg">
      <PageTitle title="Door" />
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          {data && (
            <Text c="dimmed">
              {data.event.startTime
                ? `${formatLocalDate(data.event.startTime)}, ${formatLocalTime(data.event.startTime)}${
                    data.event.endTime ? `–${formatLocalTime(data.event.endTime)}` : ''
                  }`
                : 'Date to be announced'}
              {data.event.cancelled ? ' · cancelled' : ''} · updated {formatTime(data.generatedAt)}, refreshes every 5
              seconds
            </Text>
          )}
        </div>
        {door.isError && (
          <Alert color="red" role="alert">
            {serverMessageOf(door.error) ?? 'The door numbers could not be loaded.'}{' '}
            <Anchor component={Link} to="/">
              Home
            </Anchor>
          </Alert>
        )}
        {door.isPending && !door.isError && <Skeleton h={320} />}
        {data && (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Admitted door={data} />
              <Arrivals door={data} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Conflicts door={data} />
              <Refusals door={data} />
            </SimpleGrid>
            <Devices door={data} now={now} />
            <RecentScans door={data} />
          </>
        )}
      </Stack>
    </Container>
  );
}
