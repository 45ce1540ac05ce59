import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '@fourfour/shared/content';
import { ConfigError, loadConfig } from '../src/config.ts';
import { events, mediaFiles, songSubmissions } from '../src/db/schema/index.ts';
import { completeEvent, signedForm } from '../src/modules/events/events.test-kit.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp, waitFor } from './helpers.ts';
import { multipartBody, type Part } from './multipart.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const MP3 = readFileSync(path.resolve(import.meta.dirname, 'fixtures/tone.mp3'));
const MEDIA = '/api/media/files/';

const png = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

const songFields = (): Part[] =>
  Object.entries({
    firstName: 'Kaia',
    lastName: 'Moreno',
    email: 'kaia@example.test',
    birthDate: '1996-04-12',
    interests: 'GAINING_EXPOSURE',
  }).map(([name, value]) => ({ name, value }));

describe('file storage in an S3-compatible bucket (S3_BUCKET)', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let admin: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: { ...s3.env, RATE_LIMIT: 'off' } });
    admin = await createUser(t.app, { role: 'ADMIN' });
    fan = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const form = (url: string, parts: Part[], headers: Record<string, string>, method: 'POST' | 'PUT' = 'POST') => {
    const body = multipartBody(parts);
    return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const uploadImage = async (folder: string, colour: string) =>
    form(
      '/api/admin/uploads',
      [
        { name: 'folder', value: folder },
        { name: 'file', filename: 'face.png', contentType: 'image/png', data: await png(colour) },
      ],
      admin.headers,
    );
  const submitSong = () =>
    form(
      '/api/submissions/song',
      [...songFields(), { name: 'mp3', filename: 'tone.mp3', contentType: 'audio/mpeg', data: MP3 }],
      fan.headers,
    );
  const imageKeyOf = async (eventId: number) =>
    (await t.app.db.select({ key: events.imageKey }).from(events).where(eq(events.id, eventId)))[0]?.key;
  const counts = async () => ({
    events: (await t.app.db.select({ id: events.id }).from(events)).length,
    submissions: (await t.app.db.select({ id: songSubmissions.id }).from(songSubmissions)).length,
    files: (await t.app.db.select({ key: mediaFiles.key }).from(mediaFiles)).length,
    objects: (await s3.keys()).length,
  });

  it('stores an uploaded image in the bucket, not on disk, and serves it at /api/media with ETag and cache headers', async () => {
    const res = await uploadImage('roster/djs', '#3d5afe');
    expect(res.statusCode).toBe(201);
    const { publicUrl } = res.json();
    const key = publicUrl.slice(MEDIA.length);
    expect(publicUrl.startsWith(`${MEDIA}roster/djs/`)).toBe(true);
    expect(await s3.keys()).toContain(key);
    expect(existsSync(path.join(t.app.config.dataDir, 'uploads'))).toBe(false);

    const image = await t.app.inject({ url: publicUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(64);
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await t.app.inject({ url: publicUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
  });

  it('replaces event artwork: the new object is served and the old one leaves the bucket after the commit', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events/create',
      ...signedForm(admin, completeEvent(), { data: await png('#e040fb') }),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const firstKey = await imageKeyOf(id);
    expect(await s3.keys()).toContain(firstKey);
    const first = await t.app.inject({ url: `/api/media/events/${id}` });
    expect(first.statusCode).toBe(200);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${id}`,
      ...signedForm(admin, {}, { data: await png('#00e676') }),
    });
    expect(edited.statusCode).toBe(200);
    const secondKey = await imageKeyOf(id);
    expect(secondKey).not.toBe(firstKey);
    const keys = await s3.keys();
    expect(keys).toContain(secondKey);
    expect(keys).not.toContain(firstKey);
    const second = await t.app.inject({ url: `/api/media/events/${id}` });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('replaces the Top 5 and deletes the uploaded images it no longer uses', async () => {
    const songs = [1, 2, 3, 4, 5].map((rank) => ({
      rank,
      title: `Track ${rank}`,
      artist: `Artist ${rank}`,
      spotifyTrackId: `4uLU6hMCjMI75M1A2tKUQ${rank}`,
    }));
    const save = async (colour: string) =>
      form(
        '/api/admin/top5',
        [
          { name: 'data', value: JSON.stringify({ songs }) },
          { name: 'image1', filename: 'cover.png', contentType: 'image/png', data: await png(colour) },
        ],
        admin.headers,
        'PUT',
      );
    const first = await save('#ff1744');
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json()[0].imageUrl;
    expect(await s3.keys()).toContain(firstUrl.slice(MEDIA.length));

    const second = await save('#2979ff');
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json()[0].imageUrl;
    const keys = await s3.keys();
    expect(keys).toContain(secondUrl.slice(MEDIA.length));
    expect(keys).not.toContain(firstUrl.slice(MEDIA.length));
    expect((await t.app.inject({ url: secondUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(404);
  });

  it("deletes a roster entry's uploaded portrait from the bucket", async () => {
    const { publicUrl } = (await uploadImage('roster/influencers', '#ffea00')).json();
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roster',
      headers: admin.headers,
      payload: { name: 'Short Stay', category: 'INFLUENCER', imageUrl: publicUrl },
    });
    expect(entry.statusCode).toBe(201);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/roster/${entry.json().id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await s3.keys()).not.toContain(publicUrl.slice(MEDIA.length));
    expect((await t.app.inject({ url: publicUrl })).statusCode).toBe(404);
  });

  it('keeps a song MP3 private: in the bucket, never at /api/media, streamed to admins only', async () => {
    const res = await submitSong();
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db
      .select({ key: songSubmissions.fileKey })
      .from(songSubmissions)
      .where(eq(songSubmissions.id, id));
    expect(row!.key.startsWith('private/submissions/')).toBe(true);
    expect(await s3.keys()).toContain(row!.key);

    expect((await t.app.inject({ url: `${MEDIA}${row!.key}` })).statusCode).toBe(404);
    const url = `/api/admin/submissions/${id}/file`;
    expect((await t.app.inject({ url, headers: fan.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const file = await t.app.inject({ url, headers: admin.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(MP3)).toBe(true);
  });

  it('removes the stored object again when the transaction that would point at it fails', async () => {
    await t.app.db.execute(
      sql.raw(`CREATE FUNCTION refuse_submission() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'submissions are closed'; END $$`),
    );
    await t.app.db.execute(
      sql.raw(`CREATE TRIGGER refuse_submission BEFORE INSERT ON song_submissions
        FOR EACH ROW EXECUTE FUNCTION refuse_submission()`),
    );
    try {
      const before = await counts();
      const res = await submitSong();
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
    } finally {
      await t.app.db.execute(sql.raw('DROP TRIGGER refuse_submission ON song_submissions'));
      await t.app.db.execute(sql.raw('DROP FUNCTION refuse_submission()'));
    }
  });

  it('answers 503 with a clear message when the bucket fails mid-upload, and keeps no row and no object', async () => {
    const before = await counts();
    s3.setDown(true);
    try {
      const event = await t.app.inject({
        method: 'POST',
        url: '/api/admin/events/create',
        ...signedForm(admin, completeEvent(), { data: await png('#76ff03') }),
      });
      const song = await submitSong();
      const image = await uploadImage('team', '#651fff');
      for (const res of [event, song, image]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: STORAGE_MESSAGES.unavailable, code: 'STORAGE_UNAVAILABLE' });
      }
    } finally {
      s3.setDown(false);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 503 for a stored image while the bucket is down, and 304 to a cached copy without it', async () => {
    const { publicUrl } = (await uploadImage('team', '#00b0ff')).json();
    const etag = (await t.app.inject({ url: publicUrl })).headers.etag as string;
    s3.setDown(true);
    try {
      const down = await t.app.inject({ url: publicUrl });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(STORAGE_MESSAGES.unavailable);
      expect((await t.app.inject({ url: publicUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    } finally {
      s3.setDown(false);
    }
    expect((await t.app.inject({ url: publicUrl })).statusCode).toBe(200);
  });

  it('finishes deleting an image that met an outage once the bucket is back', async () => {
    const { publicUrl } = (await uploadImage('team', '#ff9100')).json();
    const key = publicUrl.slice(MEDIA.length);
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/admin/team',
      headers: admin.headers,
      payload: { name: 'Brief Hire', imageUrl: publicUrl },
    });
    expect(member.statusCode).toBe(201);
    s3.setDown(true);
    let res: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/team/${member.json().id}`,
        headers: admin.headers,
      });
      // The bucket refused the delete: the object waits for the job (read from the server's own store).
      expect(await s3.keys()).toContain(key);
    } finally {
      s3.setDown(false);
    }
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: publicUrl })).statusCode).toBe(404);
    await waitFor(async () => !(await s3.keys()).includes(key), 30_000);
  }, 40_000);
});

describe('S3 settings at start-up', () => {
  const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789' };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (err) {
      return err instanceof ConfigError ? err.problems : [String(err)];
    }
  };

  it('keeps files on the local disk without S3_BUCKET', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'disk' });
  });

  it('uses the bucket with S3_BUCKET, region us-east-1 by default', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // On AWS itself the SDK's default chain (an instance or task role) may supply the keys.
    expect(loadConfig({ ...base, S3_BUCKET: 'media', S3_REGION: 'eu-west-2' }).storage).toMatchObject({
      region: 'eu-west-2',
      credentials: undefined,
    });
  });

  it('refuses to start with S3 settings that cannot work, naming the variable', () => {
    expect(problemsOf({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID: required with S3_ENDPOINT/),
    ]);
    expect(problemsOf({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: required/),
    ]);
    expect(
      problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    ).toEqual([
      expect.stringMatching(/^S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY is set/),
    ]);
    for (const endpoint of ['minio:9000', 'ftp://minio:21', 'https://minio.example.com/bucket']) {
      expect(problemsOf({ S3_BUCKET: 'media', S3_ENDPOINT: endpoint })).toEqual([
        expect.stringMatching(/^S3_ENDPOINT: /),
      ]);
    }
    expect(problemsOf({ S3_BUCKET: 'Bad_Bucket' })).toEqual([expect.stringMatching(/^S3_BUCKET: must be/)]);
    expect(problemsOf({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      expect.stringMatching(/^S3_FORCE_PATH_STYLE: /),
    ]);
  });
});
