import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_MESSAGES, SORT_MESSAGE } from '@fourfour/shared/master';
import { SUBSCRIBER_SORT_MESSAGE } from '@fourfour/shared/memberships';
import { PAGING_MESSAGES } from '@fourfour/shared/paging';
import { songSubmissions } from '../src/db/schema/index.ts';
import { createEvent, createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Every admin and master list pages one way (issue 17, item 4): the spec's lists answer offset
 * pages of one shape, our growing lists cursor pages; a bad sort, size, page or cursor is a 400
 * that names the parameter.
 */
describe('admin and master lists', () => {
  let t: TestApp;
  let master: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    master = await createUser(t.app, { role: 'MASTER' });
    await createUser(t.app, { role: 'AFFILIATE' });
    // 23 submissions, several in the same instant (the id breaks the tie).
    const rows = Array.from({ length: 23 }, (_, i) => ({
      firstName: `First${i}`,
      lastName: i % 2 ? `Odd${i}` : `Even${i}`,
      email: `sub${i}@example.test`,
      birthDate: '1990-01-01',
      interests: ['GAINING_EXPOSURE'],
      fileKey: `private/submissions/${i}.mp3`,
      fileName: `${i}.mp3`,
      fileSize: 1000,
      createdAt: sql`now() - ${`${i % 5} minutes`}::interval`,
    }));
    await t.app.db.insert(songSubmissions).values(rows);
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ url, headers: master.headers });

  const OFFSET_LISTS = [
    '/api/master/users',
    '/api/admin/benefits/subscribers',
    '/api/admin/verification/pending',
    '/api/master/affiliates',
  ];

  it('answer the spec’s paged shape with the page index and size, the same on every offset list', async () => {
    for (const url of OFFSET_LISTS) {
      const res = await get(`${url}?page=0&size=10`);
      expect(res.statusCode, url).toBe(200);
      expect(Object.keys(res.json()).sort(), url).toEqual(
        ['content', 'number', 'page', 'size', 'totalElements', 'totalPages'].sort(),
      );
      expect(res.json()).toMatchObject({ number: 0, page: 0, size: 10 });
    }
  });

  it('refuse a page or size out of range and an unknown sort with a 400 naming the parameter', async () => {
    for (const url of OFFSET_LISTS) {
      for (const query of ['page=-1', 'page=x', 'size=0', 'size=101', 'size=1.5']) {
        const res = await get(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.json().errors[0].field, `${url}?${query}`).toBe(query.split('=')[0]);
      }
    }
    expect((await get('/api/master/users?size=15')).json().message).toBe(MASTER_MESSAGES.pageSize);
    expect((await get('/api/master/affiliates?size=51')).statusCode).toBe(400);
    expect((await get('/api/master/users?sort=password,ASC')).json().message).toBe(SORT_MESSAGE);
    expect((await get('/api/admin/benefits/subscribers?sort=password')).json().message).toBe(SUBSCRIBER_SORT_MESSAGE);
    // The subscribers list always took a bare field (ascending) and spaces around the comma.
    expect((await get('/api/admin/benefits/subscribers?sort=email')).statusCode).toBe(200);
    expect((await get(`/api/admin/benefits/subscribers?sort=${encodeURIComponent('email , desc')}`)).statusCode).toBe(
      200,
    );
    // An empty sort is the default one.
    expect((await get('/api/master/users?sort=')).statusCode).toBe(200);
  });

  describe('Manage Events (cursor pages)', () => {
    it('walks every event once: upcoming and drafts soonest first (undated last), then past and cancelled latest first', async () => {
      const hour = 3_600_000;
      const at = (h: number) => new Date(Date.now() + h * hour);
      const made = {
        soon: await createEvent(t.app, { startsAt: at(24) }),
        later: await createEvent(t.app, { startsAt: at(48) }),
        undated: await createEvent(t.app, { startsAt: null }),
        yesterday: await createEvent(t.app, { startsAt: at(-24) }),
        lastWeek: await createEvent(t.app, { startsAt: at(-24 * 7) }),
        cancelled: await createEvent(t.app, { startsAt: at(72), cancelled: true }),
      };
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await get(`/api/admin/events?size=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        ids.push(...res.json().content.map((e: { id: number }) => e.id));
        cursor = res.json().nextCursor;
      } while (cursor);
      expect(ids).toEqual([
        made.soon.id,
        made.later.id,
        made.undated.id,
        made.cancelled.id,
        made.yesterday.id,
        made.lastWeek.id,
      ]);
      const found = (await get(`/api/admin/events?q=${encodeURIComponent(made.lastWeek.title.toUpperCase())}`)).json();
      expect(found.content.map((e: { id: number }) => e.id)).toEqual([made.lastWeek.id]);
      expect((await get('/api/admin/events?sort=startsAt,DESC&size=1')).json().content[0].id).toBe(made.cancelled.id);
      expect((await get('/api/admin/events?sort=organiserContact,ASC')).statusCode).toBe(400);
      expect((await get('/api/admin/events?cursor=abc')).statusCode).toBe(400);
    });
  });

  describe('the Submissions inbox (cursor pages)', () => {
    const walk = async (query: string) => {
      const seen: { id: number; createdAt: string; lastName: string }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await get(`/api/admin/submissions?${query}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        expect(page.totalElements).toBe(23);
        seen.push(...page.content);
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 30);
      return { seen, pages };
    };

    it('walks every submission once, newest first, ties broken by id', async () => {
      const { seen, pages } = await walk('size=5');
      expect(pages).toBe(5);
      expect(new Set(seen.map((s) => s.id)).size).toBe(23);
      const order = seen.map((s) => [Date.parse(s.createdAt), s.id] as const);
      const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
      expect(order).toEqual(sorted);
    });

    it('sorts on its whitelist and searches names and email', async () => {
      const { seen } = await walk('size=4&sort=lastName,ASC');
      expect(seen.map((s) => s.lastName)).toEqual(seen.map((s) => s.lastName).sort((a, b) => a.localeCompare(b)));
      const found = (await get('/api/admin/submissions?q=ODD1')).json();
      expect(found.content.map((s: { lastName: string }) => s.lastName).sort()).toEqual(
        ['Odd1', 'Odd11', 'Odd13', 'Odd15', 'Odd17', 'Odd19'].sort(),
      );
    });

    it('refuses a malformed or foreign cursor, a page number and an unknown sort', async () => {
      const first = (await get('/api/admin/submissions?size=5')).json();
      const foreign = await get(`/api/admin/submissions?size=5&sort=id,ASC&cursor=${first.nextCursor}`);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({ message: PAGING_MESSAGES.cursor, errors: [{ field: 'cursor' }] });
      for (const cursor of ['%%%', 'e30', 'WyJjcmVhdGVkQXQsREVTQyIsWyJ4IiwiMSJdXQ', 'x'.repeat(5000)]) {
        const res = await get(`/api/admin/submissions?cursor=${cursor}`);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json().errors[0].field).toBe('cursor');
      }
      expect((await get('/api/admin/submissions?page=0&size=2')).statusCode).toBe(200);
      const numbered = await get('/api/admin/submissions?page=1');
      expect(numbered.statusCode).toBe(400);
      expect(numbered.json().message).toBe(PAGING_MESSAGES.cursorOnly);
      expect((await get('/api/admin/submissions?sort=fileKey,ASC')).statusCode).toBe(400);
      expect((await get('/api/admin/submissions?size=500')).statusCode).toBe(400);
    });
  });
});
