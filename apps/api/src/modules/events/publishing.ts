import {
  EVENT_MESSAGES,
  missingForPublish,
  missingPrices,
  pleaseCompleteMessage,
  timeOfDay,
} from '@fourfour/shared/events';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { EventDraft } from './draft.ts';
import type { EventRow } from './events.queries.ts';

/* ------------------------------------------------------------------------------------------------
 * Publishing: when an event may go on sale (PUBLISHED) and back to a draft (PLANNED). A draft saves
 * with a title only; a published event has everything a buyer needs, and keeps it.
 * ---------------------------------------------------------------------------------------------- */

type EventStatus = EventRow['status'];

function assertComplete(missing: string[]): void {
  if (missing.length > 0) throw new AppError('EVENT_INCOMPLETE', 400, pleaseCompleteMessage(missing));
}

/** Publishing on create asks for the date and both times first ('Please select date, …'). */
export function assertPublishTimesChosen(draft: EventDraft): void {
  if (!draft.date || !timeOfDay(draft.startTime) || !timeOfDay(draft.endTime))
    throw badRequest(EVENT_MESSAGES.selectTimes);
}

/** The completeness check of the create and edit pages ('Please complete: …'). */
export function assertPublishable(draft: EventDraft): void {
  assertComplete(missingForPublish(draft));
}

/** A published event with sold or held tickets cannot go back to draft. */
export function assertMayReturnToDraft(current: EventRow, status: EventStatus): void {
  const committed = current.soldStandard + current.heldStandard + current.soldVip + current.heldVip;
  if (status === 'PLANNED' && current.status === 'PUBLISHED' && committed > 0)
    throw conflict(EVENT_MESSAGES.backToDraftWithSales, 'EVENT_HAS_SALES');
}

/** A published event is on sale: its prices stay above 0, as publishing demanded (spec wording). */
export function assertOnSalePrices(
  status: EventStatus,
  prices: { standardTicketPrice: number; vipTicketPrice: number },
): void {
  if (status === 'PUBLISHED') assertComplete(missingPrices(prices));
}

/** An edit that takes a draft to PUBLISHED is audited as a publication. */
export function editAuditAction(from: EventStatus, to: EventStatus): 'event.publish' | 'event.update' {
  return from === 'PLANNED' && to === 'PUBLISHED' ? 'event.publish' : 'event.update';
}
