import { toggledSort } from '@fourfour/shared/paging';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@fourfour/shared/constants';
import { signedOutMessage } from '@fourfour/shared/content';
import { PAID_TIERS } from '@fourfour/shared/enums';
import {
  type BenefitRecord,
  benefitLabel,
  DEFAULT_SUBSCRIBER_SORT,
  MEMBERSHIP_MESSAGES,
  parseSubscriberSort,
  type SubscriberRow,
  type SubscriberSortField,
} from '@fourfour/shared/memberships';
import {
  Alert,
  Badge,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { PagedTable, type PagedTableColumn } from '../../components/paged-table.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useSetBenefitDelivered, useSubscribers, useUserBenefits } from './api/benefits.ts';

const TIER_COLORS: Record<string, string> = { ENTRY: 'teal', MIDDLE: 'violet', HEADLINER: 'orange', NONE: 'gray' };
const STATUS_COLORS: Record<string, string> = { ACTIVE: 'teal', CANCELLED: 'yellow', FAILED: 'red', ENDED: 'gray' };

function BenefitPanel({ subscriber }: { subscriber: SubscriberRow | null }) {
  const records = useUserBenefits(subscriber?.id ?? null);
  const toggle = useSetBenefitDelivered();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // On a phone the panel sits below the table: bring it into view when a subscriber is picked.
  useEffect(() => {
    if (subscriber) panelRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [subscriber]);

  if (!subscriber) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {MEMBERSHIP_MESSAGES.selectSubscriber}
        </Text>
      </Paper>
    );
  }

  async function onToggle(benefit: BenefitRecord, delivered: boolean) {
    setError(null);
    setBusy(benefit.id);
    try {
      await toggle.mutateAsync({ id: benefit.id, delivered });
    } catch (err) {
      setError(serverMessageOf(err) ?? MEMBERSHIP_MESSAGES.updateBenefitFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="benefit-panel" ref={panelRef}>
      <Stack gap="md">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} fz="lg">
              {subscriber.username || subscriber.email}
            </Title>
            <Badge color={TIER_COLORS[subscriber.subscriptionTier]}>{subscriber.subscriptionTier}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {subscriber.email} · {subscriber.verificationStatus}
          </Text>
        </Stack>
        {error && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {records.isPending ? (
          <Loader size="sm" aria-label="Loading benefits" />
        ) : records.isError ? (
          <Alert color="red" variant="light" role="alert">
            {serverMessageOf(records.error) ?? MEMBERSHIP_MESSAGES.loadBenefitsFailed}
          </Alert>
        ) : (
          PAID_TIERS.map((tier) => {
            const group = records.data.filter((b) => b.tier === tier);
            return (
              <Stack key={tier} gap="xs">
                <Text fw={700} size="sm" c={`${TIER_COLORS[tier]}.4`} tt="uppercase">
                  {tier}
                </Text>
                {group.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {MEMBERSHIP_MESSAGES.noBenefitsInGroup}
                  </Text>
                ) : (
                  group.map((b) => (
                    <Group key={b.id} justify="space-between" wrap="nowrap" data-testid={`benefit-${b.benefitType}`}>
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {benefitLabel(b.benefitType)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {b.deliveredAt ? `Delivered ${formatDate(b.deliveredAt)}` : 'Not delivered'}
                        </Text>
                      </Stack>
                      <Switch
                        aria-label={`Delivered: ${benefitLabel(b.benefitType)}`}
                        checked={b.delivered}
                        disabled={busy !== null}
                        onChange={(e) => onToggle(b, e.currentTarget.checked)}
                      />
                    </Group>
                  ))
                )}
              </Stack>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}

/** The subscriber table's columns; the email is a button that picks the subscriber. */
function subscriberColumns(pick: (s: SubscriberRow) => void): PagedTableColumn<SubscriberRow, SubscriberSortField>[] {
  return [
    { label: 'ID', sortField: 'id', cell: (s) => s.id },
    {
      label: 'Email',
      sortField: 'email',
      cell: (s) => (
        <UnstyledButton onClick={() => pick(s)} fz="sm">
          {s.email}
        </UnstyledButton>
      ),
    },
    {
      label: 'Plan',
      sortField: 'subscriptionTier',
      td: { miw: 120 },
      cell: (s) => <Badge color={TIER_COLORS[s.subscriptionTier]}>{s.subscriptionTier}</Badge>,
    },
    {
      label: 'Status',
      sortField: 'subscriptionStatus',
      td: { miw: 120 },
      cell: (s) => (
        <Badge color={STATUS_COLORS[s.subscriptionStatus] ?? 'gray'} variant="light">
          {s.subscriptionStatus}
        </Badge>
      ),
    },
    { label: 'Verified', sortField: 'verificationStatus', cell: (s) => s.verificationStatus },
    {
      label: 'Delivered',
      cell: (s) => (
        <>
          {s.benefitsDelivered} / {s.benefitsTotal}
        </>
      ),
    },
  ];
}

/** /admin/benefits: subscribers (sortable, searchable, paged) and a benefit panel per subscriber. */
export function BenefitsPage() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sortValue, setSortValue] = useState(DEFAULT_SUBSCRIBER_SORT);
  const [email, setEmail] = useState('');
  const [debouncedEmail] = useDebouncedValue(email, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<SubscriberRow | null>(null);
  const subscribers = useSubscribers({ page, size, sort: sortValue, email: debouncedEmail });
  const sort = parseSubscriberSort(sortValue) ?? { field: 'id' as const, direction: 'DESC' as const };
  const columns = subscriberColumns(setSelected);

  const onSort = (field: SubscriberSortField) => {
    setSortValue(toggledSort(sort, field));
    setPage(0);
  };

  const errorMessage = (error: unknown) => {
    const status = isApiError(error) ? error.status : null;
    return status === 403
      ? MEMBERSHIP_MESSAGES.adminOnly
      : status === 401
        ? signedOutMessage('manage benefits')
        : (serverMessageOf(error) ?? MEMBERSHIP_MESSAGES.loadSubscribersFailed);
  };

  return (
    <Container size="xl" px="md" py={{ base: 'lg', sm: 40 }}>
      <PageTitle title="Subscription benefits" />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Subscription benefits
          </Title>
          <Text c="dimmed">Pick a subscriber to record which of their plan's benefits have been delivered.</Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Group align="flex-end" grow preventGrowOverflow={false}>
                <TextInput
                  label="Search by email"
                  placeholder="name@example.com"
                  leftSection={<IconSearch size={16} aria-hidden="true" />}
                  value={email}
                  onChange={(e) => {
                    setEmail(e.currentTarget.value);
                    setPage(0);
                  }}
                  style={{ flexGrow: 3 }}
                />
                <Select
                  label="Per page"
                  data={PAGE_SIZES.map((n) => String(n))}
                  value={String(size)}
                  onChange={(v) => {
                    setSize(Number(v ?? DEFAULT_PAGE_SIZE));
                    setPage(0);
                  }}
                  allowDeselect={false}
                  maw={110}
                />
              </Group>
              <PagedTable
                query={subscribers}
                columns={columns}
                rowKey={(s) => s.id}
                rowProps={(s) => ({
                  onClick: () => setSelected(s),
                  style: { cursor: 'pointer' },
                  bg: selected?.id === s.id ? 'var(--mantine-color-dark-5)' : undefined,
                  'aria-selected': selected?.id === s.id,
                  'data-testid': `subscriber-${s.id}`,
                })}
                sort={{ ...sort, onSort }}
                table={{ highlightOnHover: true, 'data-testid': 'subscribers' }}
                minWidth={640}
                loadingLabel="Loading subscribers"
                errorMessage={errorMessage}
                emptyMessage={MEMBERSHIP_MESSAGES.noMatches}
                page={page}
                onPageChange={setPage}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BenefitPanel subscriber={selected} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
