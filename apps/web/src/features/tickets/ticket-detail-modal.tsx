import { buildIcs } from '@fourfour/shared/calendar';
import { doorCodeOf } from '@fourfour/shared/scan-rules';
import { TICKET_MESSAGES } from '@fourfour/shared/ticket-rules';
import type { OwnedTicket } from '@fourfour/shared/tickets';
import { Alert, Badge, Button, Group, Image, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useMyTicket } from './api/get-my-ticket.ts';
import { STATUS_COLOUR, whenOf } from './ticket-display.ts';

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

/** The ticket's dialog: its QR code, door code and an .ics for the calendar (loaded after the list). */
export function TicketDetailModal({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
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
