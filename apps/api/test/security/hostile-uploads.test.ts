import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_UPLOAD_MAX_BYTES, CREATE_EVENT_IMAGE_MAX_BYTES, MP3_MAX_BYTES } from '@fourfour/shared/constants';
import { mediaFiles } from '../../src/db/schema/index.ts';
import { createUser, type TestUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

interface Part {
  name: string;
  value?: string;
  file?: { filename: string; contentType: string; data: Buffer };
}

/** A multipart/form-data body built by hand, so the test controls every byte. */
function multipart(parts: Part[]) {
  const boundary = `----fourfour${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('hostile uploads', () => {
  let t: TestApp;
  let admin: TestUser;
  let fan: TestUser;
  let png: Buffer;
  const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures', name));

  const upload = (file: Part['file'], folder = 'team', user = admin) => {
    const body = multipart([
      { name: 'folder', value: folder },
      { name: 'file', file },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
    });
  };
  const countFiles = async () => (await t.app.db.select().from(mediaFiles)).length;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
    admin = await createUser(t.app, { role: 'ADMIN' });
    fan = await createUser(t.app);
    png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#e040fb' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => t?.close());

  it('accepts a real image and stores it re-encoded as WebP', async () => {
    const res = await upload({ filename: 'a.png', contentType: 'image/png', data: png });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json().publicUrl);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses an empty file, a text file named .png, an SVG and a truncated image, storing nothing', async () => {
    const before = await countFiles();
    const cases = [
      { filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) },
      { filename: 'notes.png', contentType: 'image/png', data: Buffer.from('just some text, not an image') },
      {
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      { filename: 'cut.png', contentType: 'image/png', data: png.subarray(0, 40) },
    ];
    for (const file of cases) {
      const res = await upload(file);
      expect([400, 415], `${file.filename}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(res.json().message).toBeTruthy();
    }
    expect(await countFiles()).toBe(before);
  });

  it('refuses a GIF-headed script polyglot, and strips what trails a real image', async () => {
    const polyglot = Buffer.concat([Buffer.from('GIF89a/*'), Buffer.from('*/=1;alert(document.cookie)//')]);
    expect((await upload({ filename: 'x.gif', contentType: 'image/gif', data: polyglot })).statusCode).toBe(415);

    const trailing = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload({ filename: 'y.png', contentType: 'image/png', data: trailing });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json().publicUrl);
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a file one byte over each limit with 413 and the route’s message', async () => {
    const overUpload = Buffer.alloc(ADMIN_UPLOAD_MAX_BYTES + 1, 0);
    png.copy(overUpload);
    const res = await upload({ filename: 'big.png', contentType: 'image/png', data: overUpload });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Max 6MB.');

    const overEvent = Buffer.alloc(CREATE_EVENT_IMAGE_MAX_BYTES + 1, 0);
    png.copy(overEvent);
    const body = multipart([
      { name: 'data', value: JSON.stringify({ title: 'Big art', status: 'PLANNED' }) },
      { name: 'image', file: { filename: 'big.png', contentType: 'image/png', data: overEvent } },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events/create',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(created.statusCode).toBe(413);
    expect(created.json().message).toBe('Image is too large (max 8MB).');

    const mp3 = fixture('tone.mp3');
    const overMp3 = Buffer.concat([mp3, Buffer.alloc(MP3_MAX_BYTES + 1 - mp3.length, 0)]);
    const song = multipart([
      { name: 'firstName', value: 'Ada' },
      { name: 'lastName', value: 'Lovelace' },
      { name: 'email', value: 'ada@example.test' },
      { name: 'birthDate', value: '1990-01-01' },
      { name: 'interests', value: 'GAINING_EXPOSURE' },
      { name: 'mp3', file: { filename: 'big.mp3', contentType: 'audio/mpeg', data: overMp3 } },
    ]);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/song',
      payload: song.payload,
      headers: { ...song.headers, authorization: `Bearer ${fan.token}` },
    });
    expect(submitted.statusCode).toBe(413);
    expect(submitted.json().message).toBe('MP3 must be 20MB or less.');
  });

  it('refuses a WAV renamed to .mp3', async () => {
    const song = multipart([
      { name: 'firstName', value: 'Ada' },
      { name: 'lastName', value: 'Lovelace' },
      { name: 'email', value: 'ada@example.test' },
      { name: 'birthDate', value: '1990-01-01' },
      { name: 'mp3', file: { filename: 'song.mp3', contentType: 'audio/mpeg', data: fixture('tone.wav') } },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/song',
      payload: song.payload,
      headers: { ...song.headers, authorization: `Bearer ${fan.token}` },
    });
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json().message).toBe('File must be an MP3.');
  });

  it('refuses a request with a flood of parts without a server error', async () => {
    const parts: Part[] = Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const body = multipart([{ name: 'folder', value: 'team' }, ...parts]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('never reads an upload from someone who may not make it', async () => {
    const res = await upload({ filename: 'a.png', contentType: 'image/png', data: png }, 'team', fan);
    expect(res.statusCode).toBe(403);
  });
});
