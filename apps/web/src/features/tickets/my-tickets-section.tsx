import { ATTENDEE_CHANGE_MESSAGES, attendeeChangeBlocker } from '@fourfour/shared/attendee-change';
import { buildIcs } from '@fourfour/shared/calendar';
import { doorCodeOf } from '@fourfour/shared/scan';
import { type OwnedTicket, TICKET_MESSAGES } from '@fourfour/shared/tickets';
import { Alert, Badge, Button, Group, Image, Loader, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconCalendarPlus, IconQrcode, IconUserEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { AttendeeFormModal } from '../../components/attendee-form-modal.tsx';
import { formatGbp, formatLocalDate, formatLocalTime } from '../../lib/format.ts';
import { AccountCard } from './account-card.tsx';
import { useChangeMyAttendee } from './api/change-my-attendee.ts';
import { useMyTicket } from './api/get-my-ticket.ts';
import { useMyTickets } from './api/get-my-tickets.ts';

/** A long list (a regular's whole season) opens on the soonest few. */
const VISIBLE_TICKETS = 6;
const STATUS_COLOUR = { VALID: 'teal', USED: 'gray', VOID: 'red' } as const;

function whenOf(t: OwnedTicket): string {
  if (!t.eventDate) return 'Date to be announced';
  return [formatLocalDate(t.eventDate), t.startTime && formatLocalTime(t.startTime)].filter(Boolean).join(' · ');
}

/** Downloads the event as an .ics file for any calendar app. */
function addToCalendar(t: OwnedTicket) {
  if (!t.startsAt) return;
  const ics = buildIcs([
    {
      uid: `ticket-${t.ticketId}@fourfour`,
      title: t.eventTitle,
      start: new Date(t.startsAt),
      end: t.endsAt ? new Date(t.endsAt) : null,
      location: t.location,
      description: `${t.ticketType} ticket for ${t.firstName ?? ''} ${t.lastName ?? ''}`.trim(),
    },
  ]);
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${t.eventTitle.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.ics`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function TicketDetail({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  const ticket = useMyTicket(ticketId);
  return (
    <Modal opened={!!ticketId} onClose={onClose} title="Your ticket" centered size="md">
      {ticket.isPending ? (
        <Loader aria-label="Loading the ticket" />
      ) : ticket.isError ? (
        <Alert color="red" variant="light">
          {TICKET_MESSAGES.ticketLoadFailed}
        </Alert>
      ) : (
        <Stack align="center" gap="sm" ta="center">
          <Text fw={700} fz="lg">
            {ticket.data.eventTitle}
          </Text>
          <Text size="sm" c="dark.1">
            {whenOf(ticket.data)}
            {ticket.data.location ? ` · ${ticket.data.location}` : ''}
          </Text>
          <Group gap="xs" justify="center">
            <Badge variant="light" color={ticket.data.ticketType === 'VIP' ? 'grape' : 'blue'}>
              {ticket.data.ticketType}
            </Badge>
            <Badge variant="light" color={STATUS_COLOUR[ticket.data.status]}>
              {ticket.data.status}
            </Badge>
          </Group>
          {ticket.data.qrBase64 ? (
            <Paper bg="white" p="sm" radius="md">
              <Image
                src={`data:image/png;base64,${ticket.data.qrBase64}`}
                alt={`QR code for ${ticket.data.eventTitle}`}
                w={280}
                h={280}
                data-testid="ticket-qr"
              />
            </Paper>
          ) : (
            <Alert color="gray" variant="light">
              {TICKET_MESSAGES.qrNotAvailable}
            </Alert>
          )}
          <Text size="sm" c="dark.1">
            Door code{' '}
            <Text span ff="monospace" fw={700} fz="md" c="white" data-testid="ticket-door-code">
              {doorCodeOf(ticket.data.ticketId)}
            </Text>
          </Text>
          <Text>
            {ticket.data.firstName} {ticket.data.lastName}
          </Text>
          <Text size="xs" c="dimmed">
            Show this code at the door. It admits one person, once. If the QR will not scan, door staff can type the
            door code.
          </Text>
          {ticket.data.startsAt && (
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={16} />}
              onClick={() => addToCalendar(ticket.data)}
            >
              Add to calendar
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}

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
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
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
      <TicketDetail ticketId={openId} onClose={() => setOpenId(null)} />
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
    </AccountCard>
  );
}
