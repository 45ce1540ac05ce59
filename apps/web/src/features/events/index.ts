/** What other features may use of the events feature. */
export { eventsListQuery } from './api/get-events.ts';
export { eventsKeys } from './api/query-keys.ts';
