import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_UPLOAD_MAX_BYTES } from '@fourfour/shared/constants';
import {
  CONTENT_MESSAGES,
  contactLineFor,
  MANAGEMENT_EMAIL,
  ROSTER_CONTACT_LINE,
  UPLOAD_MESSAGES,
} from '@fourfour/shared/content';
import { appWithFanAndAdmin, createUser, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { multipartBody, type Part } from '../../../test/multipart.ts';

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

describe('the talent roster, the team and admin uploads', () => {
  let t: TestApp;
  let fan: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, fan, admin } = await appWithFanAndAdmin());
  });
  afterAll(async () => t?.close());

  const addRoster = (body: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/admin/roster', headers, payload: body });
  const addTeam = (body: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/admin/team', headers, payload: body });
  const upload = (parts: Part[], headers: Record<string, string> = admin.headers) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const jpeg = () =>
    sharp({ create: { width: 80, height: 120, channels: 3, background: '#3d5afe' } })
      .jpeg()
      .toBuffer();

  describe('roster', () => {
    it('creates an entry with sortOrder 1000 and active by default', async () => {
      const res = await addRoster({ name: '  DJ Zed  ', category: 'DJ', blurb: 'Deep cuts.' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name: 'DJ Zed',
        imageUrl: null,
        blurb: 'Deep cuts.',
        active: true,
        category: 'DJ',
        sortOrder: 1000,
      });
    });

    it('shows fans active entries of one category, by sortOrder then name', async () => {
      await addRoster({ name: 'Bravo', category: 'DJ', sortOrder: 1000 });
      await addRoster({ name: 'Alpha', category: 'DJ', sortOrder: 1000 });
      await addRoster({ name: 'Zulu first', category: 'DJ', sortOrder: 5 });
      await addRoster({ name: 'Hidden Hal', category: 'DJ', active: false, sortOrder: 1 });
      await addRoster({ name: 'Creator Cara', category: 'INFLUENCER' });

      const djs = await t.app.inject({ url: '/api/public/roster?category=DJ', headers: fan.headers });
      expect(djs.statusCode).toBe(200);
      expect(djs.json().map((e: { name: string }) => e.name)).toEqual(['Zulu first', 'Alpha', 'Bravo', 'DJ Zed']);
      const creators = await t.app.inject({ url: '/api/public/roster?category=INFLUENCER', headers: fan.headers });
      expect(creators.json().map((e: { name: string }) => e.name)).toEqual(['Creator Cara']);

      const all = await t.app.inject({ url: '/api/admin/roster?category=DJ', headers: admin.headers });
      expect(all.json().map((e: { name: string }) => e.name)).toEqual([
        'Hidden Hal',
        'Zulu first',
        'Alpha',
        'Bravo',
        'DJ Zed',
      ]);
      expect(all.json()[0].active).toBe(false);
    });

    it('adds the standard contact line under a bio unless the bio already has the management address', async () => {
      await addRoster({
        name: 'With Address',
        category: 'INFLUENCER',
        blurb: `Bookings: ${MANAGEMENT_EMAIL.toUpperCase()}`,
      });
      await addRoster({ name: 'No Bio', category: 'INFLUENCER' });
      const res = await t.app.inject({ url: '/api/public/roster?category=INFLUENCER', headers: fan.headers });
      const byName = Object.fromEntries(
        res.json().map((e: { name: string; contactLine: string | null }) => [e.name, e.contactLine]),
      );
      expect(byName['With Address']).toBeNull();
      expect(byName['No Bio']).toBe(ROSTER_CONTACT_LINE);
      expect(byName['Creator Cara']).toBe(ROSTER_CONTACT_LINE);
      expect(ROSTER_CONTACT_LINE).toContain(MANAGEMENT_EMAIL);
      expect(contactLineFor(`mail ${MANAGEMENT_EMAIL} please`)).toBeNull();
      expect(contactLineFor(null)).toBe(ROSTER_CONTACT_LINE);
    });

    it('refuses a blank name, an unknown category and an unsafe image URL', async () => {
      const blank = await addRoster({ name: '   ', category: 'DJ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(CONTENT_MESSAGES.nameRequired);
      expect((await addRoster({ name: 'X', category: 'MC' })).statusCode).toBe(400);
      const unsafe = await addRoster({ name: 'X', category: 'DJ', imageUrl: 'javascript:alert(1)' });
      expect(unsafe.statusCode).toBe(400);
      expect(unsafe.json().message).toBe(CONTENT_MESSAGES.imageUrlInvalid);
      expect((await t.app.inject({ url: '/api/public/roster?category=NOPE', headers: fan.headers })).statusCode).toBe(
        400,
      );
    });

    it('deletes an entry and its uploaded portrait', async () => {
      const { publicUrl } = (
        await upload([
          { name: 'folder', value: 'roster/djs' },
          { name: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg() },
        ])
      ).json();
      const entry = (await addRoster({ name: 'Short Stay', category: 'DJ', imageUrl: publicUrl })).json();
      expect((await t.app.inject({ url: publicUrl })).statusCode).toBe(200);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/roster/${entry.id}`,
        headers: admin.headers,
      });
      expect(del.statusCode).toBe(204);
      expect((await t.app.inject({ url: publicUrl })).statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/roster/${entry.id}`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(CONTENT_MESSAGES.rosterNotFound);
    });

    it('lets only signed-in users read and only ADMIN or MASTER change it', async () => {
      expect((await t.app.inject({ url: '/api/public/roster?category=DJ' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/admin/roster?category=DJ', headers: fan.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/roster?category=DJ' })).statusCode).toBe(401);
      expect((await addRoster({ name: 'Sneaky', category: 'DJ' }, fan.headers)).statusCode).toBe(403);
      expect((await addRoster({ name: 'Sneaky', category: 'DJ' }, {})).statusCode).toBe(401);
      for (const role of ['AFFILIATE', 'EVENT_WORKER'] as const) {
        const other = await createUser(t.app, { role });
        expect((await addRoster({ name: 'Sneaky', category: 'DJ' }, other.headers)).statusCode).toBe(403);
      }
      const master = await createUser(t.app, { role: 'MASTER' });
      expect((await addRoster({ name: 'By Master', category: 'DJ' }, master.headers)).statusCode).toBe(201);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/admin/roster/1', headers: fan.headers })).statusCode,
      ).toBe(403);
    });
  });

  describe('team', () => {
    it('shows active members by sortOrder then name; admins see hidden ones too', async () => {
      const created = await addTeam({ name: 'Zoe', title: 'Founder', blurb: 'Started it all.', sortOrder: 1 });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Zoe', title: 'Founder', active: true, sortOrder: 1 });
      await addTeam({ name: 'Adam', title: 'A&R' });
      await addTeam({ name: 'Hidden Harriet', active: false });
      const res = await t.app.inject({ url: '/api/public/team', headers: fan.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((m: { name: string }) => m.name)).toEqual(['Zoe', 'Adam']);
      expect(res.json()[1].sortOrder).toBe(1000);
      const all = await t.app.inject({ url: '/api/admin/team', headers: admin.headers });
      expect(all.json().map((m: { name: string }) => m.name)).toEqual(['Zoe', 'Adam', 'Hidden Harriet']);
    });

    it('refuses a blank name and deletes members', async () => {
      const blank = await addTeam({ name: '' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(CONTENT_MESSAGES.nameRequired);
      const member = (await addTeam({ name: 'Temp' })).json();
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/admin/team/${member.id}`, headers: admin.headers }))
          .statusCode,
      ).toBe(204);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/team/${member.id}`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(CONTENT_MESSAGES.teamNotFound);
    });

    it('lets only signed-in users read and only ADMIN or MASTER change it', async () => {
      expect((await t.app.inject({ url: '/api/public/team' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/admin/team', headers: fan.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/team' })).statusCode).toBe(401);
      expect((await addTeam({ name: 'Sneaky' }, fan.headers)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/admin/team/1', headers: fan.headers })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/team/1' })).statusCode).toBe(401);
    });
  });

  describe('admin image upload', () => {
    it('stores an image re-encoded as WebP without metadata and answers its public URL', async () => {
      const withExif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
        .toBuffer();
      const res = await upload([
        { name: 'file', filename: 'face.jpg', contentType: 'image/jpeg', data: withExif },
        { name: 'folder', value: 'team' },
      ]);
      expect(res.statusCode).toBe(201);
      const { publicUrl } = res.json();
      expect(publicUrl).toMatch(/^\/api\/media\/files\/team\/[a-f0-9-]{36}\.webp$/);
      const image = await t.app.inject({ url: publicUrl });
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
      expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    });

    it('refuses an SVG, a renamed text file and a missing file with the spec message', async () => {
      const svg = await upload([
        { name: 'folder', value: 'roster/djs' },
        { name: 'file', filename: 'logo.png', contentType: 'image/png', data: SVG },
      ]);
      expect(svg.statusCode).toBe(415);
      expect(svg.json().message).toBe(UPLOAD_MESSAGES.notImage);
      const svgNamed = await upload([
        { name: 'folder', value: 'roster/djs' },
        { name: 'file', filename: 'logo.svg', contentType: 'image/svg+xml', data: SVG },
      ]);
      expect(svgNamed.statusCode).toBe(415);
      const text = await upload([
        { name: 'folder', value: 'team' },
        { name: 'file', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('hello') },
      ]);
      expect(text.statusCode).toBe(415);
      const none = await upload([{ name: 'folder', value: 'team' }]);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(UPLOAD_MESSAGES.notImage);
    });

    it('refuses a file over 6MB (6291456 bytes) with 413', async () => {
      expect(ADMIN_UPLOAD_MAX_BYTES).toBe(6291456);
      const res = await upload([
        { name: 'folder', value: 'team' },
        {
          name: 'file',
          filename: 'big.jpg',
          contentType: 'image/jpeg',
          data: Buffer.alloc(ADMIN_UPLOAD_MAX_BYTES + 1),
        },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    });

    it('accepts only the three folders', async () => {
      for (const folder of ['events', '../etc', 'roster', 'private/submissions', '']) {
        const res = await upload([
          { name: 'folder', value: folder },
          { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
        ]);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(UPLOAD_MESSAGES.folder);
      }
    });

    it('is for ADMIN and MASTER only', async () => {
      const parts: Part[] = [
        { name: 'folder', value: 'team' },
        { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
      ];
      expect((await upload(parts, {})).statusCode).toBe(401);
      expect((await upload(parts, fan.headers)).statusCode).toBe(403);
    });
  });
});
