import { execFileSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { instantToLocal } from '../../apps/api/src/lib/time.ts';

/**
 * A night whose doors are open, with tickets bought through the local checkout by the demo fan,
 * and each ticket's QR (as the fan sees it) turned into a looping video for Chromium's fake camera.
 */
export const DEMO_PASSWORD = 'FourFour#2026';

/** London wall-clock "YYYY-MM-DD" and "YYYY-MM-DDTHH:MM:00" of an instant (as the server reads them). */
export const londonLocal = (instant: Date) => instantToLocal(instant, 'Europe/London');

export interface DoorTicket {
  ticketId: string;
  firstName: string;
  code: string;
  video: string;
}

/** A JSON call to the running server; throws with the answer on anything but 2xx. */
export function apiCaller(baseUrl: string) {
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const login = async (email: string) =>
    (await call('POST', '/api/auth/login', undefined, { email, password: DEMO_PASSWORD })).accessToken as string;
  return { call, login };
}

/**
 * The QR on a white 640x480 frame, drawn 200 to 300 px wide in turn (11 frames, looping), as a
 * phone held at the door moves nearer and farther. A still frame at one size is decoded or not for
 * good: measured with the scanner's own settings, one ticket in about twenty never decoded at the
 * desktop's 516-px video (a 270-px QR); with the sizes cycling, 65 of 65 random tickets decoded at
 * both phone and desktop widths.
 * No PNG: a white frame only, the camera's view between guests.
 */
export function cameraVideo(out: string, png?: string): void {
  const input = png ? ['-loop', '1', '-i', png] : ['-f', 'lavfi', '-i', 'color=c=white:s=640x480'];
  const filter = png
    ? "scale=w='200+10*mod(n\\,11)':h='200+10*mod(n\\,11)':eval=frame:flags=neighbor," +
      'pad=640:480:(ow-iw)/2:(oh-ih)/2:color=white:eval=frame,format=yuv420p'
    : 'format=yuv420p';
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...input, '-vf', filter, '-r', '10', '-frames:v', '22', out]);
}

/**
 * Puts a video in front of the fake camera: Chromium opens the file each time the camera starts,
 * so the next start (a reload, "Scan next ticket") sees it. Renamed into place, never rewritten,
 * so a camera already running keeps reading the file it opened.
 */
export function showToCamera(camera: string, video: string, work: string): void {
  const next = path.join(work, `camera-next-${Date.now()}.y4m`);
  execFileSync('cp', [video, next]);
  renameSync(next, camera);
}

/**
 * Creates a published night starting in three hours (still on sale, doors open: entry opens 12 hours
 * before), buys one ticket per first name as the demo fan (STANDARD unless `buyer.ticketTypes` says
 * otherwise, surname Okafor unless `buyer.lastName`), and makes each ticket's camera video; the
 * tickets come back in the order of `firstNames`.
 */
export async function openDoorNight(
  baseUrl: string,
  work: string,
  title: string,
  firstNames: string[],
  buyer: { lastName?: string; ticketTypes?: ('STANDARD' | 'VIP')[] } = {},
): Promise<{ eventId: number; tickets: DoorTicket[] }> {
  const { call, login } = apiCaller(baseUrl);
  const admin = await login('admin@fourfour.local');
  const start = londonLocal(new Date(Date.now() + 3 * 3600_000));
  const end = londonLocal(new Date(Date.now() + 9 * 3600_000));
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      title,
      description: 'Offline door journey.',
      location: 'Warehouse 44, London',
      date: start.date,
      startTime: start.dateTime,
      endTime: end.dateTime,
      totalStandardTickets: 50,
      totalVipTickets: 10,
      standardTicketPrice: 15,
      vipTicketPrice: 30,
      status: 'PUBLISHED',
    }),
  );
  const event = (await call('POST', '/api/admin/events/create', admin, form)) as { id: number };

  const fan = await login('fan@fourfour.local');
  const drafts = firstNames.map((firstName, i) => ({
    ticketType: buyer.ticketTypes?.[i] ?? 'STANDARD',
    firstName,
    lastName: buyer.lastName ?? 'Okafor',
    dateOfBirth: '1993-02-11',
    useFreeTicket: false,
  }));
  const { reservationToken } = await call('POST', `/api/tickets/reserve?eventId=${event.id}`, fan, drafts);
  const res = await fetch(`${baseUrl}/api/tickets/create-checkout-session?reservationToken=${reservationToken}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fan}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  const { url } = (await res.json()) as { url: string };
  await call('POST', `/api/payments/local/checkout/${url.split('/').pop()}/complete`, fan);

  const mine = (await call('GET', '/api/account/my-tickets', fan)) as {
    ticketId: string;
    eventId: number;
    firstName: string;
  }[];
  const tickets: DoorTicket[] = [];
  for (const owned of mine.filter((t) => t.eventId === event.id)) {
    const one = await call('GET', `/api/account/my-tickets/${owned.ticketId}?includeQr=true`, fan);
    const pngBytes = Buffer.from(one.qrBase64, 'base64');
    const pngFile = path.join(work, `${owned.ticketId}.png`);
    writeFileSync(pngFile, pngBytes);
    const png = PNG.sync.read(pngBytes);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data;
    const video = path.join(work, `${owned.ticketId}.y4m`);
    cameraVideo(video, pngFile);
    tickets.push({ ticketId: owned.ticketId, firstName: owned.firstName, code, video });
  }
  return {
    eventId: event.id,
    tickets: tickets.sort((a, b) => firstNames.indexOf(a.firstName) - firstNames.indexOf(b.firstName)),
  };
}
