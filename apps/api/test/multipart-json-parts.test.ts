import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songSubmissions } from '../src/db/schema/index.ts';
import { completeEvent } from '../src/modules/events/events.test-kit.ts';
import { createEvent, createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { multipartBody, type Part } from './multipart.ts';

/**
 * Every multipart route reads its parts with one reader: a JSON part (a text part sent with type
 * application/json) is taken as a plain text field, as a JSON-typed field, or as a file part of
 * type application/json (a Blob, as browsers and many HTTP clients send it).
 */
type Way = 'a text field' | 'a JSON-typed text field' | 'a JSON file part';
const WAYS: Way[] = ['a text field', 'a JSON-typed text field', 'a JSON file part'];

/** A part carrying `value` (an object, sent as JSON, or a string) the given way. */
function jsonPart(name: string, value: unknown, way: Way): Part {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (way === 'a text field') return { name, value: text };
  const json = JSON.stringify(value);
  if (way === 'a JSON-typed text field') return { name, value: json, contentType: 'application/json' };
  return { name, filename: `${name}.json`, contentType: 'application/json', data: Buffer.from(json) };
}

const ID = (n: number) => `${'4uLU6hMCjMI75M1A2tKUQ'}${n}`;
const top5Songs = (title: string) =>
  [1, 2, 3, 4, 5].map((rank) => ({
    rank,
    title: `${title} ${rank}`,
    artist: `Artist ${rank}`,
    overview: `Overview ${rank}`,
    artistDetails: `Details ${rank}`,
    spotifyTrackId: ID(rank),
  }));
const MP3 = readFileSync(path.join(import.meta.dirname, 'fixtures', 'tone.mp3'));

describe('multipart JSON parts', () => {
  let t: TestApp;
  let admin: TestUser;
  let fan: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT: 'off', AR_TEAM_EMAIL: 'ar-team@fourfour.test' },
      jobs: { work: false },
    });
    admin = await createUser(t.app, { role: 'ADMIN' });
    fan = await createUser(t.app);
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#e040fb' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, parts: Part[], user: TestUser) => {
    const body = multipartBody(parts);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...user.headers, ...body.headers } });
  };

  interface Route {
    route: string;
    /** Sends the route's JSON part(s) the given way; checks the answer and what was stored. */
    roundTrip: (way: Way) => Promise<void>;
  }

  const routes: Route[] = [
    {
      route: 'POST /api/admin/events/create',
      roundTrip: async (way) => {
        const title = `Created via ${way}`;
        const res = await send(
          'POST',
          '/api/admin/events/create',
          [jsonPart('data', completeEvent({ title }), way)],
          admin,
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().title).toBe(title);
      },
    },
    {
      route: 'PUT /api/admin/events/:id',
      roundTrip: async (way) => {
        const event = await createEvent(t.app);
        const title = `Edited via ${way}`;
        const res = await send(
          'PUT',
          `/api/admin/events/${event.id}`,
          [jsonPart('data', completeEvent({ title }), way)],
          admin,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().title).toBe(title);
      },
    },
    {
      route: 'PUT /api/admin/top5',
      roundTrip: async (way) => {
        const res = await send(
          'PUT',
          '/api/admin/top5',
          [
            jsonPart('data', { songs: top5Songs(way) }, way),
            { name: 'image2', filename: 'two.png', contentType: 'image/png', data: png },
          ],
          admin,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().map((s: { title: string }) => s.title)).toEqual(top5Songs(way).map((s) => s.title));
      },
    },
    {
      route: 'POST /api/admin/uploads',
      roundTrip: async (way) => {
        const res = await send(
          'POST',
          '/api/admin/uploads',
          [
            jsonPart('folder', 'team', way),
            { name: 'file', filename: 'face.png', contentType: 'image/png', data: png },
          ],
          admin,
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().publicUrl).toMatch(/^\/api\/media\/files\/team\//);
      },
    },
    {
      route: 'POST /api/submissions/song',
      roundTrip: async (way) => {
        const firstName = `Kaia ${WAYS.indexOf(way)}`;
        const res = await send(
          'POST',
          '/api/submissions/song',
          [
            jsonPart('firstName', firstName, way),
            jsonPart('lastName', 'Moreno', way),
            jsonPart('email', 'kaia@example.test', way),
            jsonPart('birthDate', '1996-04-12', way),
            jsonPart('interests', 'GAINING_EXPOSURE', way),
            jsonPart('interests', 'PERFORMING_AT_EVENTS', way),
            { name: 'mp3', filename: 'midnight.mp3', contentType: 'audio/mpeg', data: MP3 },
          ],
          fan,
        );
        expect(res.statusCode, res.body).toBe(201);
        const [row] = await t.app.db.select().from(songSubmissions).where(eq(songSubmissions.id, res.json().id));
        expect(row).toMatchObject({ firstName, birthDate: '1996-04-12' });
        expect(row!.interests).toEqual(['GAINING_EXPOSURE', 'PERFORMING_AT_EVENTS']);
      },
    },
  ];

  describe.each(routes)('$route', ({ roundTrip }) => {
    it.each(WAYS)('accepts its JSON part sent as %s', async (way) => roundTrip(way));
  });

  it('refuses a JSON file part that is not JSON, with the same message as a text field', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/events/create'],
      ['PUT', '/api/admin/top5'],
    ] as const) {
      for (const part of [
        { name: 'data', value: '{ not json' },
        { name: 'data', filename: 'data.json', contentType: 'application/json', data: Buffer.from('{ not json') },
      ]) {
        const res = await send(method, url, [part], admin);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe('The "data" part is not valid JSON.');
      }
    }
  });

  it('refuses a JSON file part over its limit with 413 and the route’s message', async () => {
    const big = (bytes: number): Part => ({
      name: 'data',
      filename: 'data.json',
      contentType: 'application/json',
      data: Buffer.from(JSON.stringify({ padding: 'x'.repeat(bytes) })),
    });
    const event = await send('POST', '/api/admin/events/create', [big(256 * 1024)], admin);
    expect(event.statusCode).toBe(413);
    expect(event.json().message).toBe('The event details are too large.');
    const top5 = await send('PUT', '/api/admin/top5', [big(1024 * 1024)], admin);
    expect(top5.statusCode).toBe(413);
    expect(top5.json().message).toBe('The "data" part is too large.');
  });

  it('still refuses a file part the route does not read when it is not JSON', async () => {
    const res = await send(
      'POST',
      '/api/admin/uploads',
      [
        { name: 'folder', filename: 'folder.txt', contentType: 'text/plain', data: Buffer.from('team') },
        { name: 'file', filename: 'face.png', contentType: 'image/png', data: png },
      ],
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unexpected file field "folder".');
  });
});
