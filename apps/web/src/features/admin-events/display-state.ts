import type { EventDisplayState } from '@fourfour/shared/events';

/** How Manage Events labels an event's display state (spec 02 §4). */
export const DISPLAY_STATE_BADGE: Record<EventDisplayState, { label: string; color: string }> = {
  CANCELLED: { label: 'Cancelled', color: 'red' },
  COMING_SOON: { label: 'Coming soon', color: 'violet' },
  PAST: { label: 'Past', color: 'gray' },
  UPCOMING: { label: 'Upcoming', color: 'green' },
};
