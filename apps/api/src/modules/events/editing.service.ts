import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EVENT_MESSAGES, type EventInput } from '@fourfour/shared/events';
import { poundsToPence } from '@fourfour/shared/money';
import { events } from '../../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertEditable, writeAudit } from './admin-change.ts';
import { deleteQuietly, isGeneratedArtwork, storeArtwork } from './artwork.service.ts';
import { AUDITED_FIELDS, assertStartsInFuture, draftOfRow, EMPTY_DRAFT, mergeDraft, resolveSchedule } from './draft.ts';
import { type EventRow, lockEventRow } from './events.queries.ts';
import { invalidateEventList } from './public-list.service.ts';
import { keepLadderedFigures } from './releases.service.ts';
import { assertMayReturnToDraft, assertPublishable, assertPublishTimesChosen, editAuditAction } from './publishing.ts';

/* ------------------------------------------------------------------------------------------------
 * Admin editing: create and edit an event (its details, times, totals, artwork and status). Each
 * writes its audit row in the same transaction as the change.
 * ---------------------------------------------------------------------------------------------- */

/** Postgres check violations on the stock counters (sold + held <= total) become a 409. */
function isStockCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23514' || e?.cause?.code === '23514';
}

/** The columns create and edit both write from the merged draft, its schedule, artwork and status. */
function eventColumns(
  draft: ReturnType<typeof mergeDraft>,
  schedule: { startsAt: Date | null; endsAt: Date | null },
  imageKey: string | null,
  status: EventRow['status'],
) {
  return {
    description: draft.description,
    location: draft.location,
    startsAt: schedule.startsAt,
    endsAt: schedule.endsAt,
    imageKey,
    status,
    totalStandard: draft.totalStandardTickets,
    totalVip: draft.totalVipTickets,
    standardPricePence: poundsToPence(draft.standardTicketPrice),
    vipPricePence: poundsToPence(draft.vipTicketPrice),
    organiserName: draft.organiserName,
    organiserContact: draft.organiserContact,
    attendeeChangesAllowed: draft.attendeeChangesAllowed,
  };
}

export async function createEvent(
  app: FastifyInstance,
  actor: AuthUser,
  input: EventInput,
  image?: Buffer,
): Promise<EventRow> {
  const status = input.status ?? 'PLANNED';
  const draft = mergeDraft(EMPTY_DRAFT, input);
  if (!draft.title) throw fieldError('title', EVENT_MESSAGES.titleRequired);
  if (status === 'PUBLISHED') assertPublishTimesChosen(draft);
  const schedule = resolveSchedule(draft, app.config.timezone);
  if (status === 'PUBLISHED') assertPublishable(draft);
  assertStartsInFuture(schedule);

  const imageKey = await storeArtwork(app, image);
  try {
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(events)
        .values({
          ...eventColumns(draft, schedule, imageKey, status),
          title: draft.title!,
          createdBy: actor.id,
          updatedBy: actor.id,
        })
        .returning();
      await writeAudit(tx, actor, 'event.create', created!.id, {
        title: created!.title,
        status,
        withImage: !!imageKey,
      });
      return created!;
    });
    invalidateEventList(app);
    return row;
  } catch (err) {
    await deleteQuietly(app, imageKey);
    throw err;
  }
}

export async function updateEvent(
  app: FastifyInstance,
  actor: AuthUser,
  eventId: number,
  input: EventInput,
  image?: Buffer,
): Promise<EventRow> {
  const timeZone = app.config.timezone;
  const newImageKey = await storeArtwork(app, image);
  let oldImageKey: string | null = null;
  try {
    const row = await app.db.transaction(async (tx) => {
      const current = await lockEventRow(tx, eventId);
      if (!current) throw notFound(EVENT_MESSAGES.notFound);
      assertEditable(current);

      const before = draftOfRow(current, timeZone);
      const draft = mergeDraft(before, input);
      await keepLadderedFigures(tx, current, draft);
      if (!draft.title) throw fieldError('title', EVENT_MESSAGES.titleRequired);
      const status = input.status ?? current.status;
      const timesChanged = input.date !== undefined || input.startTime !== undefined || input.endTime !== undefined;
      const schedule = timesChanged
        ? resolveSchedule(draft, timeZone)
        : { startsAt: current.startsAt, endsAt: current.endsAt };
      if (status === 'PUBLISHED') assertPublishable(draft);
      if (timesChanged && schedule.startsAt?.getTime() !== current.startsAt?.getTime()) assertStartsInFuture(schedule);

      assertMayReturnToDraft(current, status);
      if (
        draft.totalStandardTickets < current.soldStandard + current.heldStandard ||
        draft.totalVipTickets < current.soldVip + current.heldVip
      ) {
        throw conflict(
          `${EVENT_MESSAGES.totalsBelowSold} (standard: ${current.soldStandard + current.heldStandard}, VIP: ${current.soldVip + current.heldVip})`,
          'TOTALS_BELOW_SOLD',
        );
      }

      // Artwork: a new upload replaces; REMOVE deletes; a generated poster follows the title.
      let imageKey = current.imageKey;
      if (newImageKey) imageKey = newImageKey;
      else if (input.imageUrl === 'REMOVE') imageKey = null;
      else if (isGeneratedArtwork(current.imageKey) && draft.title !== current.title) imageKey = null;
      if (imageKey !== current.imageKey) oldImageKey = current.imageKey;

      const [updated] = await tx
        .update(events)
        .set({
          ...eventColumns(draft, schedule, imageKey, status),
          title: draft.title,
          updatedBy: actor.id,
          updatedAt: new Date(),
        })
        .where(eq(events.id, eventId))
        .returning();

      const after = draftOfRow(updated!, timeZone);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const field of AUDITED_FIELDS) {
        if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
      }
      if (current.status !== status) changes.status = { from: current.status, to: status };
      if (imageKey !== current.imageKey)
        changes.image = { from: current.imageKey ? 'set' : 'none', to: newImageKey ? 'uploaded' : 'removed' };
      await writeAudit(tx, actor, editAuditAction(current.status, status), eventId, { changes });
      return updated!;
    });
    invalidateEventList(app);
    await deleteQuietly(app, oldImageKey);
    return row;
  } catch (err) {
    await deleteQuietly(app, newImageKey);
    if (isStockCheckViolation(err)) throw conflict(EVENT_MESSAGES.totalsBelowSold, 'TOTALS_BELOW_SOLD');
    throw err;
  }
}
