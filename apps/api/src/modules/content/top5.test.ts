import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP5_IMAGE_MAX_BYTES } from '@fourfour/shared/constants';
import { TOP5_MESSAGES, type Top5SongInput } from '@fourfour/shared/content';
import { appWithFanAndAdmin, createUser, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { multipartBody, type Part } from '../../../test/multipart.ts';

const ID = (n: number) => `${'4uLU6hMCjMI75M1A2tKUQ'}${n}`; // 22 characters
const songs = (overrides: Partial<Top5SongInput>[] = []): Top5SongInput[] =>
  [1, 2, 3, 4, 5].map((rank, i) => ({
    rank,
    title: `Track ${rank}`,
    artist: `Artist ${rank}`,
    overview: `Overview ${rank}`,
    artistDetails: `Details ${rank}`,
    spotifyTrackId: ID(rank),
    ...overrides[i],
  }));

const png = (colour = '#e040fb') =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

describe('the Top 5', () => {
  let t: TestApp;
  let fan: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, fan, admin } = await appWithFanAndAdmin());
  });
  afterAll(async () => t?.close());

  const put = (data: unknown, files: Part[] = [], headers: Record<string, string> = admin.headers) => {
    const body = multipartBody([{ name: 'data', value: JSON.stringify(data) }, ...files]);
    return t.app.inject({
      method: 'PUT',
      url: '/api/admin/top5',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const list = () => t.app.inject({ url: '/api/top5', headers: fan.headers });

  it('is empty until an admin saves one, and needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/top5' })).statusCode).toBe(401);
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('is edited by ADMIN and MASTER only', async () => {
    expect((await put({ songs: songs() }, [], {})).statusCode).toBe(401);
    expect((await put({ songs: songs() }, [], fan.headers)).statusCode).toBe(403);
    const master = await createUser(t.app, { role: 'MASTER' });
    expect((await put({ songs: songs() }, [], master.headers)).statusCode).toBe(200);
  });

  it('saves five rows and normalises Spotify links to the 22-character id', async () => {
    const res = await put({
      songs: songs([
        { spotifyTrackId: `https://open.spotify.com/track/${ID(1)}?si=a1b2c3d4e5f6` },
        { spotifyTrackId: `https://open.spotify.com/intl-de/track/${ID(2)}` },
        { spotifyTrackId: `spotify:track:${ID(3)}` },
        { spotifyTrackId: `  ${ID(4)}  `, title: '  Padded title  ' },
        { spotifyTrackId: `https://open.spotify.com/embed/track/${ID(5)}`, overview: '  ' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const saved = (await list()).json();
    expect(saved.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(saved.map((s: { spotifyTrackId: string }) => s.spotifyTrackId)).toEqual([ID(1), ID(2), ID(3), ID(4), ID(5)]);
    expect(saved[3].title).toBe('Padded title');
    expect(saved[4].overview).toBeNull();
    expect(saved[0]).toEqual({
      rank: 1,
      title: 'Track 1',
      artist: 'Artist 1',
      overview: 'Overview 1',
      artistDetails: 'Details 1',
      spotifyTrackId: ID(1),
      imageUrl: null,
    });
  });

  it('refuses a sixth row, a missing rank and a repeated rank', async () => {
    const sixth = await put({ songs: [...songs(), { ...songs()[0]!, rank: 6 }] });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(TOP5_MESSAGES.ranks);
    const four = await put({ songs: songs().slice(0, 4) });
    expect(four.json().message).toBe(TOP5_MESSAGES.ranks);
    const repeated = await put({ songs: songs([{}, { rank: 1 }]) });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe(TOP5_MESSAGES.ranks);
  });

  it('names the first row without a title or artist', async () => {
    const res = await put({ songs: songs([{}, {}, { title: '   ' }, { artist: '' }]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Row #3: title and artist are required.');
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Row #3: title and artist are required.',
      'Row #4: title and artist are required.',
    ]);
  });

  it('names the row whose Spotify link is not a track', async () => {
    for (const bad of [
      '',
      'abc',
      'https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQ1',
      'https://evil.example/track/4uLU6hMCjMI75M1A2tKUQ1',
      `${ID(1)}x`,
    ]) {
      const res = await put({ songs: songs([{}, { spotifyTrackId: bad }]) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Row #2: Spotify URL or 22-char track ID is required.');
    }
  });

  it('refuses an image URL that is neither https nor our media', async () => {
    const res = await put({ songs: songs([{ imageUrl: 'javascript:alert(1)' }]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOP5_MESSAGES.imageUrlInvalid(1));
    const ok = await put({ songs: songs([{ imageUrl: 'https://i.scdn.co/image/abc' }]) });
    expect(ok.statusCode).toBe(200);
    expect((await list()).json()[0].imageUrl).toBe('https://i.scdn.co/image/abc');
  });

  it('re-encodes uploaded artwork to WebP and deletes artwork that is replaced', async () => {
    const first = await put({ songs: songs() }, [
      { name: 'image2', filename: 'cover.png', contentType: 'image/png', data: await png() },
    ]);
    expect(first.statusCode).toBe(200);
    const url = first.json()[1].imageUrl as string;
    expect(url).toMatch(/^\/api\/media\/files\/top5\/[a-f0-9-]{36}\.webp$/);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    // Keeping the URL keeps the file; a new upload for the same rank replaces it.
    const kept = await put({ songs: songs([{}, { imageUrl: url }]) });
    expect(kept.json()[1].imageUrl).toBe(url);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const replaced = await put({ songs: songs([{}, { imageUrl: url }]) }, [
      { name: 'image2', filename: 'new.png', contentType: 'image/png', data: await png('#00bfa5') },
    ]);
    expect(replaced.json()[1].imageUrl).not.toBe(url);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses artwork over 8MB with the row number', async () => {
    const res = await put({ songs: songs() }, [
      { name: 'image4', filename: 'huge.png', contentType: 'image/png', data: Buffer.alloc(TOP5_IMAGE_MAX_BYTES + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Image #4 is too large. Max 8MB.');
  });

  it('refuses SVG artwork and a file that is not an image, and changes nothing', async () => {
    const before = (await list()).json();
    const svg = await put({ songs: songs([{ title: 'Changed' }]) }, [
      { name: 'image1', filename: 'cover.png', contentType: 'image/png', data: SVG },
    ]);
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(TOP5_MESSAGES.imageNotImage(1));
    const text = await put({ songs: songs() }, [
      { name: 'image5', filename: 'cover.jpg', contentType: 'image/jpeg', data: Buffer.from('plain text') },
    ]);
    expect(text.statusCode).toBe(415);
    expect((await list()).json()).toEqual(before);
  });

  it('refuses a missing or malformed data part and an unknown file part', async () => {
    const noData = multipartBody([]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/top5',
      headers: { ...admin.headers, ...noData.headers },
      payload: noData.payload,
    });
    expect(res.statusCode).toBe(400);
    expect((await put('not an object')).statusCode).toBe(400);
    const sixthImage = await put({ songs: songs() }, [
      { name: 'image6', filename: 'x.png', contentType: 'image/png', data: await png() },
    ]);
    expect(sixthImage.statusCode).toBe(400);
  });
});
