import { createPublicKey } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCANNER_ROLES } from '@fourfour/shared/enums';
import { SCANNER_DEVICE_HEADER, SCANNER_DEVICE_MAX, ScanQuery, ScanResult } from '@fourfour/shared/scan';
import { createScanService } from './scan.service.ts';

/** Printable ASCII only, trimmed and cut to length: it is stored and shown, never trusted. */
function deviceIdOf(header: string | string[] | undefined, query: string | undefined): string | null {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query ?? '';
  const clean = raw
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, SCANNER_DEVICE_MAX);
  return clean === '' ? null : clean;
}

/**
 * POST /api/ticket-scan?qrCodeValue= (spec 02 §7) for ADMIN, MASTER and EVENT_WORKER.
 * No per-IP rate limit: the route is staff-only, a forged code costs no database work, and the
 * limiter's shared store would add a write to every scan at a busy door (docs/decisions.md).
 */
const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  // Derived once: verifying against a KeyObject avoids parsing the PEM on every scan.
  const scans = createScanService(app, createPublicKey(app.config.ticketSigningKeyPem));

  app.post(
    '/ticket-scan',
    {
      // scan_tickets checks the scanner's account and role itself, in the scan's one round trip.
      config: { access: { roles: SCANNER_ROLES, accountCheck: 'statement' } },
      schema: {
        tags: ['scan'],
        summary: 'Admit a ticket at the door (once)',
        description:
          '200 OK the first time; 409 ALREADY_USED (with firstAdmittedAt and admittedBy); 410 VOID (refunded ticket or cancelled event); 409 WRONG_DAY (admission opens 12 hours before the start and closes at the end; the ticket stays unused); 404 INVALID (forged, altered or unknown code). qrCodeValue is the signed value from the QR or, for a damaged QR, the 12-digit door code printed under it (any case, spaces or dashes). A ticket another transaction holds is asked about again for about 0.4 s; if it is still held, 409 with the fallback message (scan again). Optional device id in the x-scanner-device header or the deviceId query.',
        querystring: ScanQuery,
        response: { 200: ScanResult },
      },
    },
    async (request) =>
      app.metrics.countScan(
        scans.scanTicket({
          qrCodeValue: request.query.qrCodeValue,
          session: request.session!,
          device: deviceIdOf(request.headers[SCANNER_DEVICE_HEADER], request.query.deviceId),
        }),
      ),
  );
};
export default scanRoutes;
