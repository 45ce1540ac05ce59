import { MAX_TICKETS_PER_ACCOUNT_PER_EVENT } from './constants.ts';

/**
 * The one home of "one account holds at most 10 tickets of an event" (issue 16): the tickets it
 * already holds and owns (live holds + issued, void excluded) plus the ones it asks for may not
 * pass MAX_TICKETS_PER_ACCOUNT_PER_EVENT; reaching it exactly is allowed. Zod-free. The hold
 * statement's SQL form is apps/api/src/db/ticket-limit.ts, checked against this by its property test.
 */
export function exceedsAccountTicketLimit(owned: number, adding: number): boolean {
  return owned + adding > MAX_TICKETS_PER_ACCOUNT_PER_EVENT;
}
