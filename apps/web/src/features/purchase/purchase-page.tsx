import { AFFILIATE_DISCOUNT_PERCENT, MAX_TICKETS_PER_ORDER } from '@fourfour/shared/constants';
import { EVENT_MESSAGES } from '@fourfour/shared/event-messages';
import { exceedsStock, purchaseClosedReason, TICKET_MESSAGES, validateDrafts } from '@fourfour/shared/ticket-rules';
import type { ReserveResponse } from '@fourfour/shared/tickets';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTicket, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { AfterFirstCommit } from '../../components/when-idle.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { formatGbp, formatLocalDate, formatLocalTime } from '../../lib/format.ts';
import { useMe } from '../account/index.ts';
import { embeddedEventsReplaced } from '../../lib/embedded-events.ts';
import { useCreateCheckoutSession } from './api/create-checkout-session.ts';
import { useFreeTicketBlocker } from './api/get-free-ticket-status.ts';
import { usePurchaseEvent } from './api/get-purchase-event.ts';
import { useReserveTickets } from './api/reserve-tickets.ts';
import { useValidateAffiliateCode } from './api/validate-affiliate-code.ts';
import { type AppliedPresaleCode, PresaleCodeField } from './components/presale-code-field.tsx';
import { PurchaseFirstView, PurchaseFrame, PurchaseHeadline } from './purchase-first-view.tsx';
import { ReservationPanel } from './components/reservation-panel.tsx';
import { TicketTypeCard } from './components/ticket-type-card.tsx';
import { buyerLadder, draftPrices, ticketTypeOffer } from './release-rules.ts';

type TicketType = 'STANDARD' | 'VIP';
interface Draft {
  key: number;
  ticketType: TicketType;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  useFreeTicket: boolean;
}

let nextKey = 1;
const newDraft = (ticketType: TicketType): Draft => ({
  key: nextKey++,
  ticketType,
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  useFreeTicket: false,
});

export function PurchasePage() {
  const eventId = Number(useParams().eventId);
  const [search] = useSearchParams();
  const event = usePurchaseEvent(eventId);
  const freeBlocker = useFreeTicketBlocker(eventId);
  const reserve = useReserveTickets();
  const checkout = useCreateCheckoutSession();
  const validate = useValidateAffiliateCode();
  // Members-only releases are open to members of their tier: the ladder and the prices follow the buyer.
  const me = useMe();

  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [code, setCode] = useState('');
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [codeMessage, setCodeMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [presale, setPresale] = useState<AppliedPresaleCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reservation, setReservation] = useState<ReserveResponse | null>(null);
  /** The total the form showed when Reserve was pressed: the server's may differ (a release sold out meanwhile). */
  const [quotedTotal, setQuotedTotal] = useState(0);

  // The list the server put in the page is out of date once the page has one of its own.
  useEffect(() => {
    if (event.data !== undefined) embeddedEventsReplaced();
  }, [event.data]);

  if (event.isPending) return <PurchaseFirstView />;
  if (event.isError || !event.data) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" variant="light" role="alert">
          {event.isError ? EVENT_MESSAGES.loadFailed : EVENT_MESSAGES.notFound}
        </Alert>
      </Container>
    );
  }
  const e = event.data;
  const buyer = me.data ?? null;
  // The releases (issue 20): the list's public ladder, plus what an applied presale code opened.
  const ladder = buyerLadder(e.releases, presale);
  const types = {
    STANDARD: ticketTypeOffer(
      ladder,
      'STANDARD',
      e.standardPrice,
      e.remainingStandardTickets,
      buyer,
      presale?.unlocked,
    ),
    VIP: ticketTypeOffer(ladder, 'VIP', e.vipPrice, e.remainingVipTickets, buyer, presale?.unlocked),
  };
  const remaining = { standard: types.STANDARD.left, vip: types.VIP.left };
  const count = (type: TicketType) => drafts.filter((d) => d.ticketType === type).length;
  const closed = purchaseClosedReason({ status: e.status, cancelled: e.cancelled, startsAt: e.startsAt });
  const locked = reservation !== null;
  const estimates = draftPrices(drafts, types, buyer, !!appliedCode);
  // Once reserved, each ticket's price and the total are the server's (in the order sent).
  const priceAt = (i: number) => reservation?.tickets[i]?.price ?? estimates[i] ?? 0;
  const estimatedTotal = estimates.reduce((sum, p) => sum + p, 0);
  const total = reservation ? reservation.totalAmount : estimatedTotal;
  const freeTaken = drafts.some((d) => d.useFreeTicket);

  const update = (key: number, patch: Partial<Draft>) => {
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    setError(null);
  };
  const add = (type: TicketType) => {
    setDrafts((list) => [...list, newDraft(type)]);
    setError(null);
  };

  async function applyCode() {
    const trimmed = code.trim();
    if (!trimmed) return;
    try {
      const result = await validate.mutateAsync(trimmed);
      if (result.valid) {
        setAppliedCode(trimmed);
        setCodeMessage({ ok: true, text: TICKET_MESSAGES.affiliateApplied });
      } else {
        setAppliedCode(null);
        setCodeMessage({ ok: false, text: TICKET_MESSAGES.affiliateInvalid });
      }
    } catch (err) {
      setAppliedCode(null);
      setCodeMessage({ ok: false, text: serverMessageOf(err) ?? TICKET_MESSAGES.affiliateInvalid });
    }
  }

  async function onReserve() {
    const problem = validateDrafts(drafts) ?? (exceedsStock(drafts, remaining) ? TICKET_MESSAGES.notEnoughStock : null);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const result = await reserve.mutateAsync({
        eventId,
        affiliateCode: appliedCode ?? undefined,
        unlockCode: presale?.code,
        tickets: drafts.map(({ key: _key, ...d }) => d),
      });
      setReservation(result);
      setQuotedTotal(estimatedTotal);
      setError(null);
    } catch (err) {
      setError(serverMessageOf(err) ?? TICKET_MESSAGES.reservationFailed);
    }
  }

  async function onContinue() {
    if (!reservation) return;
    try {
      const { url } = await checkout.mutateAsync(reservation.reservationToken);
      window.location.assign(url);
    } catch (err) {
      setError(serverMessageOf(err) ?? TICKET_MESSAGES.reservationFailed);
    }
  }

  return (
    <PurchaseFrame head={<PageTitle title={`Buy tickets: ${e.title}`} />}>
      <PurchaseHeadline event={e} />

      {/* The headline (the event's name, date and place: the largest paint on a phone) commits
            first, the form in a second, deferred render. */}
      <AfterFirstCommit>
        {search.get('checkout') === 'cancelled' && !locked && (
          <Alert color="yellow" variant="light">
            You left the payment page, so nothing was charged. Reserve again whenever you are ready.
          </Alert>
        )}
        {closed && (
          <Alert color="red" variant="light" role="alert">
            {closed}
          </Alert>
        )}

        {/* Side by side from a small tablet; a ladder needs the width of a larger one. */}
        <SimpleGrid cols={{ base: 1, xs: ladder.length > 0 ? 1 : 2, sm: 2 }} spacing="md">
          {(['STANDARD', 'VIP'] as const).map((type) => (
            <TicketTypeCard
              key={type}
              label={type === 'VIP' ? 'VIP' : 'Standard'}
              price={types[type].price}
              left={types[type].left}
              rows={types[type].rows}
              canAdd={!closed && !locked && count(type) < types[type].left && drafts.length < MAX_TICKETS_PER_ORDER}
              onAdd={() => add(type)}
            />
          ))}
        </SimpleGrid>
        {/* Once reserved, an applied code stays in view; a field never opened is no longer offered. */}
        {!closed && (presale || !locked) && (
          <PresaleCodeField
            eventId={eventId}
            applied={presale}
            disabled={locked}
            onChange={(applied) => {
              setPresale(applied);
              setError(null);
            }}
          />
        )}

        {drafts.length === 0 ? (
          <Text c="dimmed" size="sm">
            Add the tickets you want. Each ticket needs the attendee's name and date of birth (18+).
          </Text>
        ) : (
          <Stack gap="md">
            {drafts.map((d, i) => {
              const freeDisabled =
                locked || d.ticketType !== 'STANDARD' || !!freeBlocker.data || (freeTaken && !d.useFreeTicket);
              const freeHint =
                d.ticketType !== 'STANDARD'
                  ? TICKET_MESSAGES.freeStandardOnly
                  : (freeBlocker.data ?? (freeTaken && !d.useFreeTicket ? TICKET_MESSAGES.oneFreePerEvent : undefined));
              return (
                <Paper key={d.key} withBorder radius="lg" p="md" data-testid="ticket-draft">
                  <Stack gap="sm">
                    <Group justify="space-between">
                      <Group gap="xs">
                        <IconTicket size={18} aria-hidden />
                        <Text fw={700}>Ticket {i + 1}</Text>
                        <Badge color={d.ticketType === 'VIP' ? 'grape' : 'blue'} variant="light">
                          {d.ticketType}
                        </Badge>
                      </Group>
                      <Group gap="xs">
                        <Text fw={600}>{d.useFreeTicket ? 'Free' : formatGbp(priceAt(i))}</Text>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ticket ${i + 1}`}
                          disabled={locked}
                          onClick={() => setDrafts((list) => list.filter((x) => x.key !== d.key))}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                      <TextInput
                        label="First name"
                        value={d.firstName}
                        disabled={locked}
                        autoComplete="given-name"
                        onChange={(ev) => update(d.key, { firstName: ev.currentTarget.value })}
                      />
                      <TextInput
                        label="Last name"
                        value={d.lastName}
                        disabled={locked}
                        autoComplete="family-name"
                        onChange={(ev) => update(d.key, { lastName: ev.currentTarget.value })}
                      />
                      <TextInput
                        label="Date of birth"
                        type="date"
                        value={d.dateOfBirth}
                        disabled={locked}
                        onChange={(ev) => update(d.key, { dateOfBirth: ev.currentTarget.value })}
                      />
                    </SimpleGrid>
                    <Checkbox
                      label="Use one of my free tickets"
                      description={freeDisabled ? freeHint : undefined}
                      checked={d.useFreeTicket}
                      disabled={freeDisabled}
                      onChange={(ev) => update(d.key, { useFreeTicket: ev.currentTarget.checked })}
                    />
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}

        <Paper withBorder radius="lg" p="md">
          <Stack gap="xs">
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                label="Affiliate code (optional)"
                description={`${AFFILIATE_DISCOUNT_PERCENT}% off each ticket`}
                value={code}
                disabled={locked}
                onChange={(ev) => {
                  setCode(ev.currentTarget.value.toUpperCase());
                  setCodeMessage(null);
                  setAppliedCode(null);
                }}
                style={{ flex: 1 }}
              />
              <Button
                variant="default"
                onClick={applyCode}
                loading={validate.isPending}
                disabled={locked || !code.trim()}
              >
                Apply
              </Button>
            </Group>
            {codeMessage && (
              <Text size="sm" c={codeMessage.ok ? 'teal.4' : 'red.4'} role="status">
                {codeMessage.text}
              </Text>
            )}
          </Stack>
        </Paper>

        <Divider />
        <Group justify="space-between" align="center">
          <Text fz="lg" fw={700}>
            Total {formatGbp(total)}
          </Text>
          {!locked ? (
            <Button size="md" onClick={onReserve} loading={reserve.isPending} disabled={!!closed}>
              Reserve tickets
            </Button>
          ) : null}
        </Group>

        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}

        {reservation && (
          <ReservationPanel
            eventId={eventId}
            reservation={reservation}
            quotedTotal={quotedTotal}
            releaseName={(id) => ladder.find((r) => r.id === id)?.name}
            continuing={checkout.isPending}
            onContinue={onContinue}
          />
        )}
      </AfterFirstCommit>
    </PurchaseFrame>
  );
}
