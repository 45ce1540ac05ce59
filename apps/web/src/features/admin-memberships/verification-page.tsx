import { signedOutMessage } from '@fourfour/shared/content';
import { PAID_TIERS, type PaidTier } from '@fourfour/shared/enums';
import { MEMBERSHIP_MESSAGES, type PendingVerificationUser } from '@fourfour/shared/memberships';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDate, formatLocalDate } from '../../lib/format.ts';
import { useDecideVerification, usePendingVerification } from './api/pending-verification.ts';

const TIER_COLORS: Record<string, string> = { ENTRY: 'teal', MIDDLE: 'violet', HEADLINER: 'orange', NONE: 'gray' };

/** /admin/verification: subscribers waiting for age verification, Verify or Underage each. */
export function VerificationPage() {
  const [page, setPage] = useState(0);
  const [tier, setTier] = useState<PaidTier | null>(null);
  const pending = usePendingVerification(page, tier);
  const decide = useDecideVerification();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function act(user: PendingVerificationUser, decision: 'verify' | 'underage') {
    const question = decision === 'verify' ? MEMBERSHIP_MESSAGES.confirmVerify : MEMBERSHIP_MESSAGES.confirmUnderage;
    if (!window.confirm(question)) return;
    setError(null);
    setBusy(`${user.id}:${decision}`);
    try {
      await decide.mutateAsync({ id: user.id, decision });
    } catch (err) {
      setError(
        serverMessageOf(err) ??
          (decision === 'verify' ? MEMBERSHIP_MESSAGES.verifyFailed : MEMBERSHIP_MESSAGES.underageFailed),
      );
    } finally {
      setBusy(null);
    }
  }

  let body: React.ReactNode;
  if (pending.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading users" />
      </Center>
    );
  } else if (pending.isError) {
    const status = isApiError(pending.error) ? pending.error.status : null;
    body = (
      <Alert color="red" variant="light" role="alert">
        {status === 401
          ? signedOutMessage('verify subscribers')
          : status === 403
            ? MEMBERSHIP_MESSAGES.adminOnly
            : (serverMessageOf(pending.error) ?? MEMBERSHIP_MESSAGES.loadUsersFailed)}
      </Alert>
    );
  } else if (pending.data.content.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {MEMBERSHIP_MESSAGES.noPendingUsers}
        </Text>
      </Paper>
    );
  } else {
    const actions = (u: PendingVerificationUser) => (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="teal"
          onClick={() => act(u, 'verify')}
          loading={busy === `${u.id}:verify`}
          disabled={busy !== null}
        >
          Verify
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() => act(u, 'underage')}
          loading={busy === `${u.id}:underage`}
          disabled={busy !== null}
        >
          Underage
        </Button>
      </Group>
    );
    body = (
      <>
        {/* Phones get cards; wider screens a table. */}
        <Stack gap="sm" hiddenFrom="sm">
          {pending.data.content.map((u) => (
            <Paper key={u.id} withBorder radius="md" p="md" data-testid={`pending-${u.id}`}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700} truncate>
                    {u.username}
                  </Text>
                  <Badge color={TIER_COLORS[u.subscriptionTier]}>{u.subscriptionTier}</Badge>
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {u.email}
                </Text>
                <Text size="sm">
                  Born {formatLocalDate(u.birthDate)} · since{' '}
                  {u.subscriptionStartDate ? formatDate(u.subscriptionStartDate) : '—'}
                </Text>
                {actions(u)}
              </Stack>
            </Paper>
          ))}
        </Stack>
        <Paper withBorder radius="lg" p={0} visibleFrom="sm" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Birth date</Table.Th>
                  <Table.Th>Subscribed</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending.data.content.map((u) => (
                  <Table.Tr key={u.id} data-testid={`pending-row-${u.id}`}>
                    <Table.Td fw={600}>{u.username}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>
                      <Badge color={TIER_COLORS[u.subscriptionTier]}>{u.subscriptionTier}</Badge>
                    </Table.Td>
                    <Table.Td>{formatLocalDate(u.birthDate)}</Table.Td>
                    <Table.Td>{u.subscriptionStartDate ? formatDate(u.subscriptionStartDate) : '—'}</Table.Td>
                    <Table.Td>{actions(u)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </>
    );
  }

  const totalPages = pending.data?.totalPages ?? 0;
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <PageTitle title="Subscriber verification" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Subscriber verification
            </Title>
            <Text c="dimmed">Check each subscriber is 18 or over. Verified members get free tickets and benefits.</Text>
          </Stack>
          <Select
            label="Plan"
            w={180}
            data={[{ value: '', label: 'All plans' }, ...PAID_TIERS.map((t) => ({ value: t, label: t }))]}
            value={tier ?? ''}
            onChange={(v) => {
              setTier(v ? (v as PaidTier) : null);
              setPage(0);
            }}
            allowDeselect={false}
          />
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {body}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Prev
          </Button>
          <Text size="sm" c="dimmed">
            Page {totalPages === 0 ? 0 : page + 1} of {totalPages}
          </Text>
          <Button variant="default" onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= totalPages}>
            Next
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
