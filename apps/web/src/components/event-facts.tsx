import type { EventSummary } from '@fourfour/shared/events';
import { Group, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { formatLocalDate, formatLocalTime } from '../lib/format.ts';

type EventWhenWhere = Pick<EventSummary, 'date' | 'startTime' | 'endTime' | 'location'>;

/** "Sat 14 Mar 2026 · 22:00–04:00": the date with the start (and end) time; `noDate` when undated. */
export function eventWhenText(e: Omit<EventWhenWhere, 'location'>, noDate: string): string {
  if (!e.date) return noDate;
  const start = e.startTime ? formatLocalTime(e.startTime) : null;
  const end = e.endTime ? formatLocalTime(e.endTime) : null;
  return [formatLocalDate(e.date), start && (end ? `${start}–${end}` : start)].filter(Boolean).join(' · ');
}

/**
 * When and where an event is, each with its icon (the venue only when known): `stacked` lines in
 * the public event card, `inline` in Manage Events.
 */
export function EventFacts({
  event,
  noDate,
  layout,
}: {
  event: EventWhenWhere;
  noDate: string;
  layout: 'stacked' | 'inline';
}) {
  const stacked = layout === 'stacked';
  const icon = stacked ? 16 : 15;
  const line = stacked ? ({ gap: 6, wrap: 'nowrap', c: 'dimmed' } as const) : ({ gap: 4, wrap: 'nowrap' } as const);
  const facts = (
    <>
      <Group {...line}>
        <IconCalendarEvent size={icon} aria-hidden />
        <Text size="sm">{eventWhenText(event, noDate)}</Text>
      </Group>
      {event.location && (
        <Group {...line}>
          <IconMapPin size={icon} aria-hidden />
          <Text size="sm">{event.location}</Text>
        </Group>
      )}
    </>
  );
  return stacked ? (
    facts
  ) : (
    <Group gap="md" c="dimmed">
      {facts}
    </Group>
  );
}
