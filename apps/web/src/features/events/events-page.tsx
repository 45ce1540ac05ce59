import { EVENT_LIST_MESSAGES } from '@fourfour/shared/event-list-messages';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useEvents } from './api/get-events.ts';
import { useTicketsPerEvent } from './api/get-tickets-per-event.ts';
import { upcomingEvents } from './event-rules.ts';
import { embeddedEventsReplaced, provideEventGrid } from '../../lib/embedded-events.ts';
import { EventGrid } from './event-grid.tsx';
import { EventsFrame, EventsPending } from './events-first-view.tsx';

// The cards' component for EventsPending, with or without a list in the page.
provideEventGrid(EventGrid);

/** /events: upcoming nights (spec 01, Events). */
export function EventsPage() {
  const events = useEvents();
  // The cards render in slices that yield to the browser (deferred values: a concurrent render)
  // when the list or the ticket counts arrive; an unchanged card is not rendered again (memo).
  const data = useDeferredValue(events.data);
  const counts = useDeferredValue(useTicketsPerEvent().data);
  const noneUpcoming = useMemo(() => data !== undefined && upcomingEvents(data).length === 0, [data]);
  // Until the list is here, the page shows the one the server put in it, if any (EventsPending).
  useEffect(() => {
    if (data !== undefined) embeddedEventsReplaced();
  }, [data]);

  return (
    <EventsFrame>
      {events.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {EVENT_LIST_MESSAGES.fetchFailed}
        </Alert>
      )}
      {noneUpcoming && (
        <Text c="dimmed" ta="center" py="xl">
          {EVENT_LIST_MESSAGES.noUpcoming}
        </Text>
      )}
      {!noneUpcoming && !(events.isError && data === undefined) && (
        <EventsPending events={data} ticketCounts={counts} />
      )}
    </EventsFrame>
  );
}
