import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  EVENT_MESSAGES,
  type EventInput,
  type EventPricesBody,
  type EventStats,
  missingForPublish,
  missingPrices,
  pleaseCompleteMessage,
  resolveLocalTimes,
  timeOfDay,
} from '@fourfour/shared/events';
import { penceToPounds, poundsToPence } from '@fourfour/shared/money';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, events } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { processImage } from '../../lib/images.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isGeneratedArtwork, UPLOADED_ARTWORK_FOLDER } from './artwork.service.ts';
import {
  type EventRow,
  findEventRowWithStock,
  listUpcomingEventRows,
  lockEventRow,
  selectEventStats,
} from './events.queries.ts';
import { toEventSummary } from './events.view.ts';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/* ------------------------------------------------------------------------------------------------
 * Cancellation: a durable job, so refunds and emails happen even if this process dies right after.
 * ---------------------------------------------------------------------------------------------- */

export const EVENT_CANCELLED_JOB = 'event.cancelled';
export type EventCancelledListener = (app: FastifyInstance, eventId: number) => Promise<void>;
const cancelledListeners: EventCancelledListener[] = [];

/**
 * Other domains react to a cancellation here (tickets: refund paid tickets, void free ones, email
 * holders). Listeners run inside a retried job, so each must be idempotent.
 */
export function onEventCancelled(listener: EventCancelledListener): void {
  if (!cancelledListeners.includes(listener)) cancelledListeners.push(listener);
}

export function defineEventJobs(app: FastifyInstance): void {
  app.jobs.define<{ eventId: number }>({
    name: EVENT_CANCELLED_JOB,
    handler: async ({ eventId }) => {
      // Each listener runs even if another fails; any failure retries the job (listeners are idempotent).
      const failures: unknown[] = [];
      for (const listener of cancelledListeners) {
        try {
          await listener(app, eventId);
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1)
        throw new AggregateError(failures, `${failures.length} event.cancelled listeners failed`);
    },
  });
}

/* ------------------------------------------------------------------------------------------------
 * The fans' list: the same for everyone, so one serialised copy is shared for a few seconds.
 * Stock shown may lag by that much; every purchase checks the database itself.
 * ---------------------------------------------------------------------------------------------- */

export const EVENT_LIST_CACHE_MS = 2000;

/** One serialised copy of the list, with its compressed forms made on first demand. */
export class CachedEventList {
  private readonly encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  constructor(readonly json: string) {}

  /** The body compressed once per cache period, instead of once per response. */
  encode(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let pending = this.encoded.get(encoding);
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(this.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(this.json, { level: 6 });
      this.encoded.set(encoding, pending);
    }
    return pending;
  }
}

interface ListCache {
  list?: CachedEventList;
  expiresAt: number;
  pending?: Promise<CachedEventList>;
  generation: number;
}
// Keyed by the database handle, which every encapsulated Fastify scope shares.
const listCaches = new WeakMap<object, ListCache>();

function listCacheOf(app: FastifyInstance): ListCache {
  let cache = listCaches.get(app.db);
  if (!cache) {
    cache = { expiresAt: 0, generation: 0 };
    listCaches.set(app.db, cache);
  }
  return cache;
}

/** Drops this instance's cached list (after an admin change, a sale). Other instances expire theirs within seconds. */
export function invalidateEventList(app: FastifyInstance): void {
  const cache = listCacheOf(app);
  cache.list = undefined;
  cache.expiresAt = 0;
  cache.pending = undefined;
  cache.generation++;
}

/**
 * The public list, cached briefly with one database read at a time. Once the copy is 2 s old the
 * next request starts a refresh and, for up to 3 s more, is answered from the old copy meanwhile,
 * so no request waits on the database while a fresh copy exists.
 */
export async function listUpcomingEvents(app: FastifyInstance): Promise<CachedEventList> {
  const cache = listCacheOf(app);
  const now = Date.now();
  if (cache.list && now < cache.expiresAt) return cache.list;
  const refresh = cache.pending ?? refreshEventList(app, cache);
  if (cache.list && now < cache.expiresAt + EVENT_LIST_STALE_MS) return cache.list;
  return refresh;
}

export const EVENT_LIST_STALE_MS = 3000;

function refreshEventList(app: FastifyInstance, cache: ListCache): Promise<CachedEventList> {
  const generation = cache.generation;
  const pending = (async () => {
    const rows = await listUpcomingEventRows(app.db);
    return new CachedEventList(JSON.stringify(rows.map((r) => toEventSummary(r, app.config.timezone))));
  })();
  cache.pending = pending;
  pending.then(
    (list) => {
      if (cache.generation === generation) {
        cache.list = list;
        cache.expiresAt = Date.now() + EVENT_LIST_CACHE_MS;
      }
    },
    (err) => app.log.error({ err }, 'event list refresh failed'),
  );
  pending
    .finally(() => {
      if (cache.pending === pending) cache.pending = undefined;
    })
    .catch(() => {});
  return pending;
}

/* ------------------------------------------------------------------------------------------------
 * Rules shared by create and edit.
 * ---------------------------------------------------------------------------------------------- */

interface Schedule {
  startsAt: Date | null;
  endsAt: Date | null;
}

/** Wall-clock date and times → instants in APP_TIMEZONE, with the overnight rule. */
function resolveSchedule(
  input: { date?: string | null; startTime?: string | null; endTime?: string | null },
  timeZone: string,
): Schedule {
  const { date, startTime, endTime } = input;
  if (!date && !startTime && !endTime) return { startsAt: null, endsAt: null };
  if (!date || !startTime) throw fieldError(!date ? 'date' : 'startTime', EVENT_MESSAGES.selectTimes);
  const local = resolveLocalTimes(date, startTime, endTime);
  if (!local) throw fieldError('endTime', EVENT_MESSAGES.sameStartAndEnd);
  return {
    startsAt: localToInstant(local.start, timeZone),
    endsAt: local.end ? localToInstant(local.end, timeZone) : null,
  };
}

/** An event as the completeness check sees it. */
interface EventDraft {
  title: string | null;
  description: string | null;
  location: string | null;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  totalStandardTickets: number;
  totalVipTickets: number;
  standardTicketPrice: number;
  vipTicketPrice: number;
  organiserName: string | null;
  organiserContact: string | null;
}

function draftOfRow(row: EventRow, timeZone: string): EventDraft {
  const start = row.startsAt ? instantToLocal(row.startsAt, timeZone) : null;
  return {
    title: row.title,
    description: row.description,
    location: row.location,
    date: start?.date ?? null,
    startTime: start?.dateTime ?? null,
    endTime: row.endsAt ? instantToLocal(row.endsAt, timeZone).dateTime : null,
    totalStandardTickets: row.totalStandard,
    totalVipTickets: row.totalVip,
    standardTicketPrice: penceToPounds(row.standardPricePence),
    vipTicketPrice: penceToPounds(row.vipPricePence),
    organiserName: row.organiserName,
    organiserContact: row.organiserContact,
  };
}

/** Edit semantics: a field left out keeps its value; null clears it (numbers become 0). */
function mergeDraft(base: EventDraft, input: EventInput): EventDraft {
  const pick = <K extends keyof EventDraft>(key: K, fallbackForNull: EventDraft[K]): EventDraft[K] => {
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined) return base[key];
    return (value ?? fallbackForNull) as EventDraft[K];
  };
  return {
    title: pick('title', null),
    description: pick('description', null),
    location: pick('location', null),
    date: pick('date', null),
    startTime: pick('startTime', null),
    endTime: pick('endTime', null),
    totalStandardTickets: pick('totalStandardTickets', 0),
    totalVipTickets: pick('totalVipTickets', 0),
    standardTicketPrice: pick('standardTicketPrice', 0),
    vipTicketPrice: pick('vipTicketPrice', 0),
    organiserName: pick('organiserName', null),
    organiserContact: pick('organiserContact', null),
  };
}

const EMPTY_DRAFT: EventDraft = {
  title: null,
  description: null,
  location: null,
  date: null,
  startTime: null,
  endTime: null,
  totalStandardTickets: 0,
  totalVipTickets: 0,
  standardTicketPrice: 0,
  vipTicketPrice: 0,
  organiserName: null,
  organiserContact: null,
};

function assertPublishable(draft: EventDraft): void {
  const missing = missingForPublish(draft);
  if (missing.length > 0) throw new AppError('EVENT_INCOMPLETE', 400, pleaseCompleteMessage(missing));
}

function assertEditable(row: EventRow): void {
  if (row.cancelled) throw conflict(EVENT_MESSAGES.cancelledLocked, 'EVENT_CANCELLED');
  if (row.startsAt && row.startsAt.getTime() <= Date.now()) throw conflict(EVENT_MESSAGES.pastLocked, 'EVENT_PAST');
}

function assertStartsInFuture(schedule: Schedule): void {
  if (schedule.startsAt && schedule.startsAt.getTime() <= Date.now())
    throw fieldError('startTime', EVENT_MESSAGES.startInPast);
}

async function writeAudit(
  tx: DbOrTx,
  actor: AuthUser,
  action: string,
  eventId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await tx
    .insert(auditLog)
    .values({ actorId: actor.id, action, entityType: 'event', entityId: String(eventId), details });
}

/** Re-encodes and stores an upload before the transaction; the caller deletes it if that fails. */
async function storeArtwork(app: FastifyInstance, image: Buffer | undefined): Promise<string | null> {
  if (!image) return null;
  const processed = await processImage(image, { maxSide: 2000, notImageMessage: EVENT_MESSAGES.notAnImage });
  const stored = await app.storage.put(
    UPLOADED_ARTWORK_FOLDER,
    processed.data,
    processed.contentType,
    processed.extension,
  );
  return stored.key;
}

async function deleteQuietly(app: FastifyInstance, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await app.storage.delete(key).catch((err) => app.log.warn({ err, key }, 'could not delete old artwork'));
}

/** Postgres check violations on the stock counters (sold + held <= total) become a 409. */
function isStockCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23514' || e?.cause?.code === '23514';
}

/* ------------------------------------------------------------------------------------------------
 * Admin actions. Each writes its audit row in the same transaction as the change.
 * ---------------------------------------------------------------------------------------------- */

export async function createEvent(
  app: FastifyInstance,
  actor: AuthUser,
  input: EventInput,
  image?: Buffer,
): Promise<EventRow> {
  const status = input.status ?? 'PLANNED';
  const draft = mergeDraft(EMPTY_DRAFT, input);
  if (!draft.title) throw fieldError('title', EVENT_MESSAGES.titleRequired);
  if (status === 'PUBLISHED' && (!draft.date || !timeOfDay(draft.startTime) || !timeOfDay(draft.endTime)))
    throw badRequest(EVENT_MESSAGES.selectTimes);
  const schedule = resolveSchedule(draft, app.config.timezone);
  if (status === 'PUBLISHED') assertPublishable(draft);
  assertStartsInFuture(schedule);

  const imageKey = await storeArtwork(app, image);
  try {
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(events)
        .values({
          title: draft.title!,
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

const AUDITED_FIELDS: (keyof EventDraft)[] = [
  'title',
  'description',
  'location',
  'date',
  'startTime',
  'endTime',
  'totalStandardTickets',
  'totalVipTickets',
  'standardTicketPrice',
  'vipTicketPrice',
  'organiserName',
  'organiserContact',
];

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
      if (!draft.title) throw fieldError('title', EVENT_MESSAGES.titleRequired);
      const status = input.status ?? current.status;
      const timesChanged = input.date !== undefined || input.startTime !== undefined || input.endTime !== undefined;
      const schedule = timesChanged
        ? resolveSchedule(draft, timeZone)
        : { startsAt: current.startsAt, endsAt: current.endsAt };
      if (status === 'PUBLISHED') assertPublishable(draft);
      if (timesChanged && schedule.startsAt?.getTime() !== current.startsAt?.getTime()) assertStartsInFuture(schedule);

      const committed = current.soldStandard + current.heldStandard + current.soldVip + current.heldVip;
      if (status === 'PLANNED' && current.status === 'PUBLISHED' && committed > 0)
        throw conflict(EVENT_MESSAGES.backToDraftWithSales, 'EVENT_HAS_SALES');
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
          title: draft.title,
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
      const action = current.status === 'PLANNED' && status === 'PUBLISHED' ? 'event.publish' : 'event.update';
      await writeAudit(tx, actor, action, eventId, { changes });
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

export async function updateEventPrices(
  app: FastifyInstance,
  actor: AuthUser,
  eventId: number,
  body: EventPricesBody,
): Promise<EventRow> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockEventRow(tx, eventId);
    if (!current) throw notFound(EVENT_MESSAGES.notFound);
    assertEditable(current);
    // A price left out keeps its value (updating one price once set the other to £0); an empty one is 0.
    const pence = (pounds: number | null | undefined, was: number) =>
      pounds === undefined ? was : poundsToPence(pounds ?? 0);
    const standardPricePence = pence(body.standardTicketPrice, current.standardPricePence);
    const vipPricePence = pence(body.vipTicketPrice, current.vipPricePence);
    // A published event is on sale: its prices stay above 0, as publishing demanded (spec wording).
    if (current.status === 'PUBLISHED') {
      const missing = missingPrices({ standardTicketPrice: standardPricePence, vipTicketPrice: vipPricePence });
      if (missing.length > 0) throw new AppError('EVENT_INCOMPLETE', 400, pleaseCompleteMessage(missing));
    }
    const [updated] = await tx
      .update(events)
      .set({ standardPricePence, vipPricePence, updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    await writeAudit(tx, actor, 'event.prices', eventId, {
      standardTicketPrice: { from: penceToPounds(current.standardPricePence), to: penceToPounds(standardPricePence) },
      vipTicketPrice: { from: penceToPounds(current.vipPricePence), to: penceToPounds(vipPricePence) },
    });
    return updated!;
  });
  invalidateEventList(app);
  return row;
}

/**
 * Idempotent: a second call answers the cancelled event and changes nothing. The refund job is
 * enqueued in the same transaction, so a cancellation never exists without it.
 */
export async function cancelEvent(app: FastifyInstance, actor: AuthUser, eventId: number): Promise<EventRow> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockEventRow(tx, eventId);
    if (!current) throw notFound(EVENT_MESSAGES.notFound);
    if (current.cancelled) return current;
    assertEditable(current);
    const now = new Date();
    const [updated] = await tx
      .update(events)
      .set({ cancelled: true, cancelledAt: now, updatedBy: actor.id, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    await app.jobs.send(EVENT_CANCELLED_JOB, { eventId }, { tx, singletonKey: `event-cancelled:${eventId}` });
    await writeAudit(tx, actor, 'event.cancel', eventId, { title: current.title });
    return updated!;
  });
  invalidateEventList(app);
  return row;
}

export async function getEventStats(app: FastifyInstance, eventId: number): Promise<EventStats> {
  const event = await findEventRowWithStock(app.db, eventId);
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  const s = await selectEventStats(app.db, eventId);
  return {
    totalTicketsSold: s.total,
    standardTicketsSold: s.standard,
    vipTicketsSold: s.vip,
    totalRevenue: penceToPounds(s.revenuePence),
  };
}
