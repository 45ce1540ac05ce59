import { ATTENDEE_CHANGE_MESSAGES, attendeeChangeBlocker } from '@fourfour/shared/attendee-change';
import { TICKET_MESSAGES } from '@fourfour/shared/ticket-rules';
import type { OwnedTicket } from '@fourfour/shared/tickets';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconQrcode, IconUserEdit } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { WhenWanted } from '../../components/when-idle.tsx';
import { formatGbp } from '../../lib/format.ts';
import { AccountCard } from './account-card.tsx';
import { useChangeMyAttendee } from './api/change-my-attendee.ts';
import { useMyTickets } from './api/get-my-tickets.ts';
import { STATUS_COLOUR, whenOf } from './ticket-display.ts';

/**
 * The dialogs (Mantine's Modal with its focus trap and scroll lock, the rename form and its schema):
 * their code loads once the list has been shown and the browser is idle, and they are mounted on
 * the first click that opens one (WhenWanted); closed, they show nothing. One opened before its
 * code has arrived shows when it does.
 */
const loadTicketDetail = () => import('./ticket-detail-modal.tsx');
const loadAttendeeForm = () => import('../../components/attendee-form-modal.tsx');
const loadDialogs = () => Promise.all([loadTicketDetail(), loadAttendeeForm()]);
const TicketDetailModal = lazy(() => loadTicketDetail().then((m) => ({ default: m.TicketDetailModal })));
const AttendeeFormModal = lazy(() => loadAttendeeForm().then((m) => ({ default: m.AttendeeFormModal })));

/** A long list (a regular's whole season) opens on the soonest few. */
const VISIBLE_TICKETS = 6;

/** Why the buyer cannot rename this ticket now, or null; void, admitted and started tickets hide the action. */
function renameBlocker(t: OwnedTicket, now: number): { hidden: boolean; reason: string | null } {
  const reason = attendeeChangeBlocker(
    { ticketStatus: t.status, startsAt: t.startsAt, attendeeChangesAllowed: t.attendeeChangesAllowed },
    'FAN',
    now,
  );
  const hidden =
    reason === ATTENDEE_CHANGE_MESSAGES.ticketVoid ||
    reason === ATTENDEE_CHANGE_MESSAGES.ticketUsed ||
    reason === ATTENDEE_CHANGE_MESSAGES.eventStarted;
  return { hidden, reason };
}

/** Account page: the caller's tickets, upcoming by default, with a large QR per ticket on demand. */
export function MyTicketsSection() {
  const [includePast, setIncludePast] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [renaming, setRenaming] = useState<OwnedTicket | null>(null);
  const renameCall = useChangeMyAttendee();
  const list = useMyTickets(includePast);
  // One rule per ticket per render (attendee-change.ts), read by the button and its reason.
  const now = Date.now();
  const rename = (t: OwnedTicket) => renameBlocker(t, now);
  const shown = list.data && !showAll ? list.data.slice(0, VISIBLE_TICKETS) : list.data;

  return (
    <AccountCard
      id="tickets"
      title="My tickets"
      action={
        <Switch label="Show past" checked={includePast} onChange={(e) => setIncludePast(e.currentTarget.checked)} />
      }
    >
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading your tickets" />
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {TICKET_MESSAGES.ticketsLoadFailed}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="dark.1">
          {includePast ? 'You have no tickets yet.' : 'No upcoming tickets. Find a night on the Events page.'}
        </Text>
      ) : (
        <Stack gap="sm">
          {shown?.map((t) => (
            <Paper key={t.ticketId} withBorder radius="md" p="sm" data-testid="my-ticket">
              <Group justify="space-between" wrap="wrap" gap="sm">
                {/* At least 16rem wide: on a phone the buttons wrap below the text instead of squeezing it. */}
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <Text fw={700} lineClamp={2}>
                    {t.eventTitle}
                  </Text>
                  <Text size="sm" c="dark.1">
                    {whenOf(t)}
                    {t.location ? ` · ${t.location}` : ''}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="light" color={t.ticketType === 'VIP' ? 'grape' : 'blue'}>
                      {t.ticketType}
                    </Badge>
                    <Badge size="sm" variant="light" color={STATUS_COLOUR[t.status]}>
                      {t.status}
                    </Badge>
                    <Text size="sm">
                      {t.firstName} {t.lastName} · {t.isFree ? 'Free' : formatGbp(t.pricePaid)}
                    </Text>
                  </Group>
                </Stack>
                <Group gap="xs">
                  {!rename(t).hidden && (
                    <Button
                      variant="default"
                      leftSection={<IconUserEdit size={16} />}
                      disabled={!!rename(t).reason}
                      onClick={() => {
                        renameCall.reset();
                        setRenaming(t);
                      }}
                      aria-label={`Change name on the ticket for ${t.firstName ?? ''} ${t.lastName ?? ''} at ${t.eventTitle}`}
                    >
                      Change name
                    </Button>
                  )}
                  <Button
                    variant="light"
                    leftSection={<IconQrcode size={16} />}
                    onClick={() => setOpenId(t.ticketId)}
                    aria-label={`Show ticket for ${t.firstName ?? ''} ${t.lastName ?? ''} at ${t.eventTitle}`}
                  >
                    Show ticket
                  </Button>
                </Group>
              </Group>
              {!rename(t).hidden && rename(t).reason && (
                <Text size="xs" c="dimmed" mt={6}>
                  {rename(t).reason}
                </Text>
              )}
            </Paper>
          ))}
          {list.data.length > VISIBLE_TICKETS && (
            <Button variant="subtle" onClick={() => setShowAll((v) => !v)}>
              {showAll ? 'Show fewer' : `Show all ${list.data.length} tickets`}
            </Button>
          )}
        </Stack>
      )}
      <WhenWanted wanted={openId !== null || renaming !== null} load={loadDialogs}>
        <TicketDetailModal ticketId={openId} onClose={() => setOpenId(null)} />
        <AttendeeFormModal
          opened={!!renaming}
          onClose={() => setRenaming(null)}
          initial={renaming ?? { firstName: null, lastName: null, dateOfBirth: null }}
          description={renaming ? `Your ${renaming.ticketType} ticket for ${renaming.eventTitle}` : ''}
          saving={renameCall.isPending}
          error={renameCall.error}
          onSave={(values) =>
            renaming &&
            renameCall.mutate({ ticketId: renaming.ticketId, ...values }, { onSuccess: () => setRenaming(null) })
          }
        />
      </WhenWanted>
    </AccountCard>
  );
}
