import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpotifyTrackId } from '@fourfour/shared/content';
import { seedDemoData } from '../../lib/demo.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('community content demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.app);
  });
  afterAll(async () => t?.close());

  it('seeds a Top 5, six DJs, four creators and six team members with generated images', async () => {
    const fan = await createUser(t.app);
    const get = async (url: string) => (await t.app.inject({ url, headers: fan.headers })).json();
    const top5 = await get('/api/top5');
    expect(top5.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3, 4, 5]);
    for (const song of top5) expect(parseSpotifyTrackId(song.spotifyTrackId)).toBe(song.spotifyTrackId);
    const djs = await get('/api/public/roster?category=DJ');
    const creators = await get('/api/public/roster?category=INFLUENCER');
    const team = await get('/api/public/team');
    expect([djs.length, creators.length, team.length]).toEqual([6, 4, 6]);
    expect(djs.some((d: { contactLine: string | null }) => d.contactLine === null)).toBe(true);
    for (const item of [...top5, ...djs, ...creators, ...team]) {
      const image = await t.app.inject({ url: item.imageUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
  });
});
