import {
  AFFILIATE_MESSAGES,
  type AffiliateUser,
  DEFAULT_SALES_PERIOD,
  recordsInPeriod,
  SALES_PERIODS,
  type SalesPeriod,
  totalsOf,
} from '@fourfour/shared/affiliates';
import {
  AFFILIATE_BONUS_PENCE,
  AFFILIATE_COMMISSION_BASE_PERCENT,
  AFFILIATE_COMMISSION_GOAL_PERCENT,
  AFFILIATE_GOAL_TICKETS,
} from '@fourfour/shared/constants';
import { penceToPounds } from '@fourfour/shared/money';
import { signedOutMessage } from '@fourfour/shared/content';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { MASTER_MESSAGES } from '@fourfour/shared/master';
import {
  Alert,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatGbp } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useSales } from './api/get-sales.ts';
import { AffiliatePicker } from './components/affiliate-picker.tsx';
import { MonthCard } from './components/month-card.tsx';
import { PayoutsDownload } from './components/payouts-download.tsx';
import { SalesTotalsCards } from './components/sales-totals.tsx';
import { currentLondonMonth } from './sales-period.ts';

/**
 * /affiliate/stats: an affiliate's monthly sales (own view, latest 6 months by default). ADMIN and
 * MASTER also get the user picker and see any affiliate's months (the admin sales view).
 */
export function AffiliateStatsPage() {
  const session = useSession();
  const isAdmin = !!session.user && ADMIN_ROLES.includes(session.user.role);
  const isMaster = session.user?.role === 'MASTER';
  const [picked, setPicked] = useState<AffiliateUser | null>(null);
  const [period, setPeriod] = useState<SalesPeriod>(DEFAULT_SALES_PERIOD);
  const sales = useSales(picked?.id ?? null);

  let body: ReactNode;
  if (sales.isPending) {
    body = (
      <Stack>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={96} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height={180} radius="lg" />
      </Stack>
    );
  } else if (sales.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {isApiError(sales.error) && sales.error.status === 401
          ? signedOutMessage('see affiliate sales')
          : (serverMessageOf(sales.error) ?? MASTER_MESSAGES.statsLoadFailed)}
      </Alert>
    );
  } else {
    const records = recordsInPeriod(sales.data, period, currentLondonMonth());
    body =
      records.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            {AFFILIATE_MESSAGES.noStats}
          </Text>
        </Paper>
      ) : (
        <Stack gap="lg">
          <SalesTotalsCards totals={totalsOf(records)} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {records.map((r) => (
              <MonthCard key={r.month} record={r} />
            ))}
          </SimpleGrid>
        </Stack>
      );
  }

  const whose = picked ? (picked.username ?? `#${picked.id}`) : 'Your';
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Affiliate sales" />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {picked ? `${whose}’s sales` : 'Your affiliate sales'}
          </Title>
          <Text c="dimmed">
            Commission is {AFFILIATE_COMMISSION_BASE_PERCENT}% of what buyers paid with the code,{' '}
            {AFFILIATE_COMMISSION_GOAL_PERCENT}% in a month that reaches {AFFILIATE_GOAL_TICKETS} tickets, plus a{' '}
            {formatGbp(penceToPounds(AFFILIATE_BONUS_PENCE))} bonus that month. Free tickets and refunds do not count.
          </Text>
        </Stack>
        <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
          {isAdmin && (
            <div style={{ flex: '1 1 320px', maxWidth: 520 }}>
              <AffiliatePicker value={picked} onChange={setPicked} />
            </div>
          )}
          {isMaster && <PayoutsDownload />}
          <SegmentedControl
            value={period}
            onChange={(v) => setPeriod(v as SalesPeriod)}
            data={SALES_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
            aria-label="Period"
          />
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
