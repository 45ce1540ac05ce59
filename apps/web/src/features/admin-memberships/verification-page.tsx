import { signedOutMessage } from '@fourfour/shared/content';
import { PAID_TIERS, type PaidTier } from '@fourfour/shared/enums';
import { MEMBERSHIP_MESSAGES, type PendingVerificationUser } from '@fourfour/shared/memberships';
import { Alert, Badge, Button, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { PagedTable, type PagedTableColumn } from '../../components/paged-table.tsx';
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

  const errorMessage = (error: unknown) => {
    const status = isApiError(error) ? error.status : null;
    return status === 401
      ? signedOutMessage('verify subscribers')
      : status === 403
        ? MEMBERSHIP_MESSAGES.adminOnly
        : (serverMessageOf(error) ?? MEMBERSHIP_MESSAGES.loadUsersFailed);
  };

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
  const columns: PagedTableColumn<PendingVerificationUser, never>[] = [
    { label: 'User', td: { fw: 600 }, cell: (u) => u.username },
    { label: 'Email', cell: (u) => u.email },
    { label: 'Plan', cell: (u) => <Badge color={TIER_COLORS[u.subscriptionTier]}>{u.subscriptionTier}</Badge> },
    { label: 'Birth date', cell: (u) => formatLocalDate(u.birthDate) },
    { label: 'Subscribed', cell: (u) => (u.subscriptionStartDate ? formatDate(u.subscriptionStartDate) : '—') },
    { label: 'Actions', cell: actions },
  ];
  // Phones get cards; wider screens the table.
  const phoneCard = (u: PendingVerificationUser) => (
    <Paper withBorder radius="md" p="md" data-testid={`pending-${u.id}`}>
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
  );

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
        <PagedTable
          query={pending}
          columns={columns}
          rowKey={(u) => u.id}
          rowProps={(u) => ({ 'data-testid': `pending-row-${u.id}` })}
          table={{ striped: true }}
          minWidth={760}
          loadingLabel="Loading users"
          errorMessage={errorMessage}
          emptyMessage={MEMBERSHIP_MESSAGES.noPendingUsers}
          phoneCard={phoneCard}
          page={page}
          onPageChange={setPage}
          pager="prev-next"
        />
      </Stack>
    </Container>
  );
}
