import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@fourfour/shared/constants';
import { signedOutMessage } from '@fourfour/shared/content';
import { PAID_TIERS } from '@fourfour/shared/enums';
import {
  type BenefitRecord,
  benefitLabel,
  DEFAULT_SUBSCRIBER_SORT,
  MEMBERSHIP_MESSAGES,
  parseSubscriberSort,
  type SortDirection,
  type SubscriberRow,
  type SubscriberSortField,
} from '@fourfour/shared/memberships';
import {
  Alert,
  Badge,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowsSort, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useSetBenefitDelivered, useSubscribers, useUserBenefits } from './api/benefits.ts';

const TIER_COLORS: Record<string, string> = { ENTRY: 'teal', MIDDLE: 'violet', HEADLINER: 'orange', NONE: 'gray' };
const STATUS_COLORS: Record<string, string> = { ACTIVE: 'teal', CANCELLED: 'yellow', FAILED: 'red', ENDED: 'gray' };

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: SubscriberSortField;
  label: string;
  sort: { field: SubscriberSortField; direction: SortDirection };
  onSort: (field: SubscriberSortField) => void;
}) {
  const active = sort.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'ASC' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} aria-label={`Sort by ${label}`} style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden="true" opacity={active ? 1 : 0.45} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

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

  const onSort = (field: SubscriberSortField) => {
    const direction = sort.field === field && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    setSortValue(`${field},${direction}`);
    setPage(0);
  };

  let table: ReactNode;
  if (subscribers.isPending) {
    table = (
      <Center py="xl">
        <Loader aria-label="Loading subscribers" />
      </Center>
    );
  } else if (subscribers.isError) {
    const status = isApiError(subscribers.error) ? subscribers.error.status : null;
    table = (
      <Alert color="red" variant="light" role="alert">
        {status === 403
          ? MEMBERSHIP_MESSAGES.adminOnly
          : status === 401
            ? signedOutMessage('manage benefits')
            : (serverMessageOf(subscribers.error) ?? MEMBERSHIP_MESSAGES.loadSubscribersFailed)}
      </Alert>
    );
  } else if (subscribers.data.content.length === 0) {
    table = (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {MEMBERSHIP_MESSAGES.noMatches}
        </Text>
      </Paper>
    );
  } else {
    table = (
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="subscribers">
            <Table.Thead>
              <Table.Tr>
                <SortHeader field="id" label="ID" sort={sort} onSort={onSort} />
                <SortHeader field="email" label="Email" sort={sort} onSort={onSort} />
                <SortHeader field="subscriptionTier" label="Plan" sort={sort} onSort={onSort} />
                <SortHeader field="subscriptionStatus" label="Status" sort={sort} onSort={onSort} />
                <SortHeader field="verificationStatus" label="Verified" sort={sort} onSort={onSort} />
                <Table.Th>Delivered</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscribers.data.content.map((s) => (
                <Table.Tr
                  key={s.id}
                  onClick={() => setSelected(s)}
                  style={{ cursor: 'pointer' }}
                  bg={selected?.id === s.id ? 'var(--mantine-color-dark-5)' : undefined}
                  aria-selected={selected?.id === s.id}
                  data-testid={`subscriber-${s.id}`}
                >
                  <Table.Td>{s.id}</Table.Td>
                  <Table.Td>
                    <UnstyledButton onClick={() => setSelected(s)} fz="sm">
                      {s.email}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td miw={120}>
                    <Badge color={TIER_COLORS[s.subscriptionTier]}>{s.subscriptionTier}</Badge>
                  </Table.Td>
                  <Table.Td miw={120}>
                    <Badge color={STATUS_COLORS[s.subscriptionStatus] ?? 'gray'} variant="light">
                      {s.subscriptionStatus}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{s.verificationStatus}</Table.Td>
                  <Table.Td>
                    {s.benefitsDelivered} / {s.benefitsTotal}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  const totalPages = subscribers.data?.totalPages ?? 0;
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
              {table}
              {totalPages > 1 && (
                <Center>
                  <Pagination total={totalPages} value={page + 1} onChange={(p) => setPage(p - 1)} />
                </Center>
              )}
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
