import type { FastifyInstance } from 'fastify';
import { EncodedBody } from '../../lib/encoded-body.ts';
import { listUpcomingEventRows } from './events.queries.ts';
import { toEventSummary } from './events.view.ts';

/* ------------------------------------------------------------------------------------------------
 * The fans' list: the same for everyone, so one serialised copy is shared for a few seconds.
 * Stock shown may lag by that much; every purchase checks the database itself.
 * ---------------------------------------------------------------------------------------------- */

export const EVENT_LIST_CACHE_MS = 2000;

/** One serialised copy of the list, with its compressed forms made on first demand. */
export class CachedEventList extends EncodedBody {
  constructor(readonly json: string) {
    // Remade every few seconds: brotli 5 (quality 11 costs ~20x the CPU for a few percent).
    super(json, 5);
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
