import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DoorDashboard,
  DoorDeviceName,
  DoorDeviceNameBody,
  DoorEventList,
  DoorEventParams,
  DoorPack,
  DoorPackQuery,
  DoorSyncAnswer,
  DoorSyncBody,
} from '@fourfour/shared/door';
import { SCANNER_ROLES } from '@fourfour/shared/enums';
import type { AuthUser } from '../../plugins/auth.ts';
import { nameDevice } from './door-devices.ts';
import { listDoorEvents, loadDoorPack } from './door-pack.service.ts';
import { loadDoorDashboard } from './door-stats.service.ts';
import { syncOfflineScans } from './scan-sync.service.ts';

/**
 * The door when the signal drops (issue 22): door packs for offline scanning, the sync of offline
 * admissions, device names, and the live door dashboard. Staff only (ADMIN, MASTER, EVENT_WORKER;
 * the dashboard checks an EVENT_WORKER works that event's door). Limits are per IP and generous:
 * several door phones often share a venue's address, each refreshing its pack once a minute and
 * syncing every 15 seconds, and a dashboard polls every 5 seconds.
 */
const limits = {
  pack: { max: 240, timeWindow: '1 minute' },
  sync: { max: 240, timeWindow: '1 minute' },
  device: { max: 30, timeWindow: '1 minute' },
  dashboard: { max: 120, timeWindow: '1 minute' },
} as const;
const access = { roles: SCANNER_ROLES };

const doorRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route below declares roles: the auth plugin has read the account into request.user.
  const me = (request: { user: AuthUser | null }) => request.user as AuthUser;

  app.get(
    '/ticket-scan/events',
    {
      config: { access, rateLimit: limits.pack },
      schema: {
        tags: ['scan'],
        summary: 'The events whose door is open or opens within 48 hours',
        description:
          "The scanner's choice of door packs: events not cancelled whose entry window has not closed and opens within 48 hours, by start.",
        response: { 200: DoorEventList },
      },
    },
    async () => listDoorEvents(app),
  );

  app.get(
    '/ticket-scan/events/:id/pack',
    {
      config: { access, rateLimit: limits.pack },
      schema: {
        tags: ['scan'],
        summary: "Download an event's door pack for offline scanning",
        description:
          "The ticket signing public key, the event's entry window and, per ticket, what the door needs (id, type, first name and initial, status, admission), with a version. With since=<version>, only the tickets changed since that version (full: false). deviceId names the phone asking; the download counts as its last sign of life at this door.",
        params: DoorEventParams,
        querystring: DoorPackQuery,
        response: { 200: DoorPack },
      },
    },
    async (request) =>
      loadDoorPack(app, {
        eventId: request.params.id,
        since: request.query.since,
        deviceId: request.query.deviceId,
        userId: me(request).id,
      }),
  );

  app.post(
    '/ticket-scan/sync',
    {
      config: { access, rateLimit: limits.sync },
      schema: {
        tags: ['scan'],
        summary: 'Send the admissions a phone made offline',
        description:
          'Each scan is answered ADMITTED (the admission time is scannedAt), ALREADY_USED (admitted elsewhere first: a conflict, with where and when), VOID, WRONG_DAY (entry was not open at scannedAt) or INVALID. Idempotent on the nonce: a scan sent again answers as before and changes nothing. At most 200 scans per request.',
        body: DoorSyncBody,
        response: { 200: DoorSyncAnswer },
      },
    },
    async (request) => ({ results: await syncOfflineScans(app, { userId: me(request).id, body: request.body }) }),
  );

  app.put(
    '/ticket-scan/device',
    {
      config: { access, rateLimit: limits.device },
      schema: {
        tags: ['scan'],
        summary: 'Name this door phone ("Front door")',
        description: 'The name shows in scan logs and on the door dashboard; naming the device again renames it.',
        body: DoorDeviceNameBody,
        response: { 200: DoorDeviceName },
      },
    },
    async (request) => nameDevice(app, request.body.deviceId, request.body.name, me(request).id),
  );

  app.get(
    '/admin/events/:id/door',
    {
      config: { access, rateLimit: limits.dashboard },
      schema: {
        tags: ['scan'],
        summary: "An event's live door numbers",
        description:
          'Admitted against sold per ticket type and per device, arrivals per 15 minutes, refusals by reason, offline conflicts, devices last seen and the latest scans. ADMIN and MASTER for any event; an EVENT_WORKER for the events whose door they work (403 otherwise).',
        params: DoorEventParams,
        response: { 200: DoorDashboard },
      },
    },
    async (request) => loadDoorDashboard(app, request.params.id, me(request)),
  );
};
export default doorRoutes;
