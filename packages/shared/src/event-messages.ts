import { EVENT_BADGES, EVENT_LIST_MESSAGES } from './event-list-messages.ts';

/** Events' messages (spec wording) and badge names. No zod here (the list's own are in event-list-messages.ts). */
export const EVENT_MESSAGES = {
  selectTimes: 'Please select date, start time, and end time.',
  titleRequired: 'Title is required.',
  totalsInvalid: 'Ticket totals must be whole numbers of 0 or more.',
  priceInvalid: 'Prices must be 0 or more, in pounds and pence.',
  dateInvalid: 'Please enter the date as YYYY-MM-DD.',
  timeInvalid: 'Please enter times as HH:MM.',
  sameStartAndEnd: 'The end time must differ from the start time.',
  startInPast: 'The event must start in the future.',
  imageTooLargeCreate: 'Image is too large (max 8MB).',
  imageTooLargeEdit: 'Image is too large (max 20MB).',
  notAnImage: 'Please choose an image (JPEG, PNG, WebP, AVIF or GIF).',
  notFound: 'Event not found.',
  cancelledLocked: 'This event has been cancelled and can no longer be changed.',
  pastLocked: 'This event has already started and can no longer be changed.',
  totalsBelowSold: 'Ticket totals cannot be lower than the tickets already sold or held.',
  backToDraftWithSales: 'Tickets have been sold or reserved for this event, so it cannot go back to draft.',
  // Screens (spec wording)
  ...EVENT_LIST_MESSAGES,
  noEventsAdmin: 'No events yet.',
  cancelConfirm: 'Are you sure you want to cancel this event?',
  published: '✅ Published!',
  savedDraft: '✅ Saved draft.',
  createFailed: 'Failed to create event.',
  loadFailed: 'Failed to load event.',
  saveFailed: 'Failed to save changes.',
  pricesFailed: 'Failed to update prices.',
  cancelFailed: 'Failed to cancel event.',
  statsFailed: 'Failed to fetch stats.',
} as const;

/** 'Please complete: title, description' (spec wording). */
export function pleaseCompleteMessage(missing: readonly string[]): string {
  return `Please complete: ${missing.join(', ')}`;
}

export { EVENT_BADGES };
