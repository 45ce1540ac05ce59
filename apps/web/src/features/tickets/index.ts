/** What other features may use of the tickets feature. */
export { freeTicketUsageQuery } from './api/get-free-tickets.ts';
export { ticketsKeys } from './api/query-keys.ts';
