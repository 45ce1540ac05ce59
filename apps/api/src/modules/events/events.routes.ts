import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREATE_EVENT_IMAGE_MAX_BYTES, EDIT_EVENT_IMAGE_MAX_BYTES } from '@fourfour/shared/constants';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import {
  AdminEvent,
  AdminEventsPage,
  AdminEventsQuery,
  EVENT_MESSAGES,
  EventInput,
  EventPricesBody,
  EventStats,
  type EventSummary,
  EventSummaryList,
  TicketsPerEvent,
} from '@fourfour/shared/events';
import { AdminReleaseList, ReleasesBody, UnlockedReleases, UnlockQuery } from '@fourfour/shared/releases';
import { badRequest, notFound } from '../../lib/errors.ts';
import { UNLOCK_CODE_PER_ACCOUNT } from '../tickets/index.ts';
import { jsonField, readMultipart } from '../../lib/multipart.ts';
import { ARTWORK_WIDTHS, artworkVariant, loadEventArtwork } from './artwork.service.ts';
import { findEventRowWithStock, pageAdminEventRows, selectTicketsPerEvent } from './events.queries.ts';
import { cancelEvent } from './cancellation.service.ts';
import { createEvent, updateEvent } from './editing.service.ts';
import { artworkVersion, toAdminEvent } from './events.view.ts';
import { updateEventPrices } from './prices.service.ts';
import { preferredEncoding } from '../../lib/encoded-body.ts';
import { listUpcomingEvents } from './public-list.service.ts';
import { listAdminReleases, releasesForBuyer, saveReleases } from './releases.service.ts';
import { getEventStats } from './stats.service.ts';

const EventIdParams = z.object({ id: z.coerce.number().int().positive() });
const YEAR_SECONDS = 31_536_000;

/** The event form: multipart `data` JSON plus an optional `image` file (JSON alone is accepted too). */
async function readEventForm(request: FastifyRequest, maxBytes: number, tooLargeMessage: string) {
  let data: unknown;
  let image: Buffer | undefined;
  if (request.isMultipart()) {
    const body = await readMultipart(request, {
      files: { image: { maxBytes, tooLargeMessage } },
      // The web sends `data` as a Blob (type application/json), that is as a file part.
      json: { data: { maxBytes: 256 * 1024, tooLargeMessage: 'The event details are too large.' } },
    });
    data = jsonField(body, 'data');
    image = body.files.image?.data;
  } else {
    data = request.body;
  }
  const parsed = EventInput.safeParse(data ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'data', message: i.message }));
    throw badRequest(errors[0]?.message ?? 'Invalid event.', errors);
  }
  return { input: parsed.data, image };
}

/**
 * Events: the public list, the caller's ticket counts, event administration (ADMIN, MASTER) and
 * the artwork. Routes are thin: schema, permission, one service call.
 */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = () => app.config.timezone;
  // The pages that show the list carry it, rendered (issue 19): the same list this module answers.
  app.webPages?.setEventsList(() => listUpcomingEvents(app));
  /** An event as admins see it, read after a change: its stock and its releases as they now are. */
  const adminEventOf = async (id: number) => {
    const row = await findEventRowWithStock(app.db, id);
    if (!row) throw notFound(EVENT_MESSAGES.notFound);
    return toAdminEvent(row, tz());
  };

  app.get(
    '/events/list',
    {
      // Issue 4: the list is public (the /events page itself is behind login).
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'Upcoming events (not cancelled, not started), by start; undated last',
        response: { 200: EventSummaryList },
      },
    },
    async (request, reply) => {
      const list = await listUpcomingEvents(app);
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      // Compressed once per cache period (the compress plugin leaves an encoded body alone).
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding)
        return reply
          .header('content-encoding', encoding)
          .send((await list.encode(encoding)) as unknown as EventSummary[]);
      // A string body with a JSON content type is sent as is: already whitelisted by toEventSummary.
      return reply.send(list.json as unknown as EventSummary[]);
    },
  );

  app.get(
    '/tickets/tickets-per-event',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['events'],
        summary: "Event id → the caller's live tickets for it",
        response: { 200: TicketsPerEvent },
      },
    },
    async (request) => selectTicketsPerEvent(app.db, request.user!.id),
  );

  app.get(
    '/admin/events',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['admin events'],
        summary:
          'Every event, past and cancelled included (Manage Events), paged by cursor (nextCursor → cursor); upcoming first by default',
        querystring: AdminEventsQuery,
        response: { 200: AdminEventsPage },
      },
    },
    async (request) => pageAdminEventRows(app.db, request.query, (r) => toAdminEvent(r, tz())),
  );

  app.post(
    '/admin/events/create',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['admin events'],
        summary: 'Create an event (multipart: data JSON, optional image up to 8 MB)',
        response: { 201: AdminEvent },
      },
    },
    async (request, reply) => {
      const { input, image } = await readEventForm(
        request,
        CREATE_EVENT_IMAGE_MAX_BYTES,
        EVENT_MESSAGES.imageTooLargeCreate,
      );
      const row = await createEvent(app, request.user!, input, image);
      return reply.status(201).send(toAdminEvent(row, tz()));
    },
  );

  app.get(
    '/admin/events/:id',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        summary: 'One event as the admin edits it, with its stock',
        tags: ['admin events'],
        params: EventIdParams,
        response: { 200: AdminEvent },
      },
    },
    async (request) => adminEventOf(request.params.id),
  );

  app.put(
    '/admin/events/:id',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['admin events'],
        summary: 'Edit an event (multipart: data JSON, optional image up to 20 MB; imageUrl "REMOVE" deletes it)',
        params: EventIdParams,
        response: { 200: AdminEvent },
      },
    },
    async (request) => {
      const { input, image } = await readEventForm(
        request,
        EDIT_EVENT_IMAGE_MAX_BYTES,
        EVENT_MESSAGES.imageTooLargeEdit,
      );
      await updateEvent(app, request.user!, request.params.id, input, image);
      return adminEventOf(request.params.id);
    },
  );

  app.put(
    '/admin/events/:id/prices',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        summary: "Change the prices of an event's ticket types",
        tags: ['admin events'],
        params: EventIdParams,
        body: EventPricesBody,
        response: { 200: AdminEvent },
      },
    },
    async (request) => {
      await updateEventPrices(app, request.user!, request.params.id, request.body);
      return adminEventOf(request.params.id);
    },
  );

  app.put(
    '/admin/events/:id/cancel',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['admin events'],
        summary: 'Cancel an event (idempotent); refunds run as a durable job',
        params: EventIdParams,
        response: { 200: AdminEvent },
      },
    },
    async (request) => {
      await cancelEvent(app, request.user!, request.params.id);
      return adminEventOf(request.params.id);
    },
  );

  app.get(
    '/admin/events/:id/releases',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        summary: "An event's ticket releases in order, hidden ones and their codes included, with their stock",
        tags: ['admin events'],
        params: EventIdParams,
        response: { 200: AdminReleaseList },
      },
    },
    async (request) => ({ releases: await listAdminReleases(app, request.params.id) }),
  );

  app.put(
    '/admin/events/:id/releases',
    {
      config: { access: { roles: ADMIN_ROLES }, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary:
          "Replace an event's ticket releases (in order; with an id changes one, without creates one, left out deletes one)",
        tags: ['admin events'],
        params: EventIdParams,
        body: ReleasesBody,
        response: { 200: AdminReleaseList },
      },
    },
    async (request) => ({
      releases: await saveReleases(app, request.user!, request.params.id, request.body.releases),
    }),
  );

  app.get(
    '/events/:id/releases',
    {
      // A code guessed again and again is limited per account (with the reservations that carry one).
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler: app.limitPer('unlock-code', UNLOCK_CODE_PER_ACCOUNT, (request) =>
        (request.query as { unlockCode?: string }).unlockCode ? request.user?.id : undefined,
      ),
      schema: {
        summary: "An event's public releases and, with a presale code, the hidden ones it opens (400 when none)",
        tags: ['events'],
        params: EventIdParams,
        querystring: UnlockQuery,
        response: { 200: UnlockedReleases },
      },
    },
    async (request) => releasesForBuyer(app, request.params.id, request.query.unlockCode),
  );

  app.get(
    '/admin/events/:id/stats',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        summary: 'Sales and admission figures of one event',
        tags: ['admin events'],
        params: EventIdParams,
        response: { 200: EventStats },
      },
    },
    async (request) => getEventStats(app, request.params.id),
  );

  app.get(
    '/media/events/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: "The event's artwork, or a generated poster when it has none",
        params: EventIdParams,
        querystring: z.object({
          v: z.string().max(40).optional(),
          // A narrower copy for the client's srcset; without it, the artwork as stored.
          w: z.coerce
            .number()
            .int()
            .refine((w) => (ARTWORK_WIDTHS as readonly number[]).includes(w), {
              message: `w must be one of ${ARTWORK_WIDTHS.join(', ')}`,
            })
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const artwork = await loadEventArtwork(app, request.params.id);
      if (!artwork) throw notFound(EVENT_MESSAGES.notFound);
      const width = request.query.w as (typeof ARTWORK_WIDTHS)[number] | undefined;
      const file = width ? await artworkVariant(artwork, width) : artwork.file;
      // A versioned URL that names the current file can be cached for good; anything else briefly.
      const current = artwork.imageKey ? artworkVersion({ imageKey: artwork.imageKey, title: '' }) : null;
      const immutable = current !== null && request.query.v === current;
      reply
        .header('etag', file.etag)
        .header('cache-control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=60');
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
      return reply.type(file.contentType).send(file.data);
    },
  );
};

export default eventsRoutes;
