import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP3_MAX_BYTES } from '@fourfour/shared/constants';
import { SUBMISSION_MESSAGES } from '@fourfour/shared/content';
import { devMailbox, mediaFiles, songSubmissions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { multipartBody, type Part } from '../../../test/multipart.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
/** One second of a sine tone: an ID3v2 tag followed by MPEG layer III frames (4.5 KB). */
const MP3 = readFileSync(path.join(FIXTURES, 'tone.mp3'));
/** Half a second of PCM in a RIFF/WAVE container. */
const WAV = readFileSync(path.join(FIXTURES, 'tone.wav'));
/** The same MP3 with its ID3 tag cut off: bare MPEG frames starting with a frame sync. */
const id3Size = ((MP3[6]! & 0x7f) << 21) | ((MP3[7]! & 0x7f) << 14) | ((MP3[8]! & 0x7f) << 7) | (MP3[9]! & 0x7f);
const BARE_MPEG = MP3.subarray(10 + id3Size);

const AR_EMAIL = 'ar-team@fourfour.test';

const fields = (overrides: Record<string, string | string[] | undefined> = {}): Part[] => {
  const values: Record<string, string | string[] | undefined> = {
    firstName: 'Kaia',
    lastName: 'Moreno',
    email: 'kaia@example.test',
    phone: '+44 7700 900123',
    link: 'https://soundcloud.com/kaia/midnight',
    birthDate: '1996-04-12',
    interests: ['GAINING_EXPOSURE', 'PERFORMING_AT_EVENTS'],
    ...overrides,
  };
  return Object.entries(values).flatMap(([name, v]) =>
    v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((value) => ({ name, value })),
  );
};
const mp3Part = (data: Buffer, filename = 'midnight.mp3', contentType = 'audio/mpeg'): Part => ({
  name: 'mp3',
  filename,
  contentType,
  data,
});

describe('song submissions', () => {
  let t: TestApp;
  let fan: TestUser;
  let admin: TestUser;
  let master: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { AR_TEAM_EMAIL: AR_EMAIL, PUBLIC_URL: 'https://fourfour.example', RATE_LIMIT: 'off' },
    });
    fan = await createUser(t.app);
    admin = await createUser(t.app, { role: 'ADMIN' });
    master = await createUser(t.app, { role: 'MASTER' });
  });
  afterAll(async () => t?.close());

  const submit = (parts: Part[], headers: Record<string, string> = fan.headers) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/submissions/song',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const mailTo = (to: string) => t.app.db.select().from(devMailbox).where(eq(devMailbox.to, to));
  const submissionCount = async () => (await t.app.db.select().from(songSubmissions)).length;

  it('refuses an anonymous submission with 401', async () => {
    const res = await submit([...fields(), mp3Part(MP3)], {});
    expect(res.statusCode).toBe(401);
  });

  it('stores a submission, emails the A&R team the details and a link, and confirms to the submitter', async () => {
    const res = await submit([...fields(), mp3Part(MP3)]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), message: SUBMISSION_MESSAGES.success });
    const id = res.json().id as number;

    const [row] = await t.app.db.select().from(songSubmissions).where(eq(songSubmissions.id, id));
    expect(row).toMatchObject({
      userId: fan.id,
      firstName: 'Kaia',
      lastName: 'Moreno',
      email: 'kaia@example.test',
      birthDate: '1996-04-12',
      interests: ['GAINING_EXPOSURE', 'PERFORMING_AT_EVENTS'],
      fileName: 'midnight.mp3',
      fileSize: MP3.length,
      reviewed: false,
    });
    expect(row!.fileKey).toMatch(/^private\/submissions\/[a-f0-9-]{36}\.mp3$/);

    const [arMail] = await waitFor(async () => ((await mailTo(AR_EMAIL)).length ? mailTo(AR_EMAIL) : undefined));
    expect(arMail!.subject).toBe('New song submission from Kaia Moreno');
    for (const detail of [
      'kaia@example.test',
      '+44 7700 900123',
      '1996-04-12',
      'https://soundcloud.com/kaia/midnight',
      'Gaining exposure, Performing at our events',
      'midnight.mp3',
      `https://fourfour.example/api/admin/submissions/${id}/file`,
      `https://fourfour.example/admin/submissions?id=${id}`,
    ]) {
      expect(arMail!.text).toContain(detail);
    }
    // The confirmation goes to the account's own verified address (issue 16 item 7).
    const [confirmation] = await waitFor(async () =>
      (await mailTo(fan.email)).length ? mailTo(fan.email) : undefined,
    );
    expect(confirmation!.subject).toBe('We received your song');
  });

  describe('mail cannot be aimed at a stranger or carry the sender’s text to them', () => {
    const received = async (user: TestUser) => {
      await waitFor(async () => (await mailTo(user.email)).length > 0);
      return mailTo(user.email);
    };

    it('sends the confirmation only to the account’s verified address, never to an address typed in the form', async () => {
      const sender = await createUser(t.app);
      const victim = `victim_${Date.now().toString(36)}@example.test`;
      const res = await submit([...fields({ email: victim }), mp3Part(MP3)], sender.headers);
      expect(res.statusCode).toBe(201);
      const [confirmation] = await received(sender);
      expect(confirmation!.subject).toBe('We received your song');
      // The A&R mail (queued in the same transaction) has gone out too: nothing more is coming.
      await waitFor(async () => (await mailTo(AR_EMAIL)).some((m) => m.text.includes(victim)));
      expect(await mailTo(victim)).toEqual([]);
    });

    it('the confirmation quotes none of the free text from the form', async () => {
      const sender = await createUser(t.app);
      const free = {
        firstName: 'Claim your prize at evil.example',
        lastName: 'Winner',
        phone: '+44 7700 900999',
        link: 'https://evil.example/win',
      };
      const res = await submit([...fields(free), mp3Part(MP3, 'CALL-NOW-0800-SCAM.mp3')], sender.headers);
      expect(res.statusCode).toBe(201);
      const [confirmation] = await received(sender);
      const whole = `${confirmation!.subject}\n${confirmation!.text}\n${confirmation!.html}`;
      for (const text of [...Object.values(free), 'CALL-NOW-0800-SCAM', 'evil.example']) {
        expect(whole).not.toContain(text);
      }
    });

    it('escapes hostile HTML in the A&R mail and keeps its subject on one line', async () => {
      const sender = await createUser(t.app);
      const res = await submit(
        [
          ...fields({ firstName: '<img src=x onerror=alert(1)>', lastName: '<script>alert("A&R")</script>' }),
          mp3Part(MP3, '<b>loud</b>.mp3'),
        ],
        sender.headers,
      );
      expect(res.statusCode).toBe(201);
      const arMail = await waitFor(async () => (await mailTo(AR_EMAIL)).find((m) => m.text.includes('onerror=alert')));
      expect(arMail.html).not.toMatch(/<img src=x|<script>|<b>loud/);
      expect(arMail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(arMail.html).toContain('&lt;script&gt;');
      expect(arMail.subject).not.toMatch(/[\r\n]/);
      // The A&R team sees which account sent it, beside the address typed in the form.
      expect(arMail.text).toContain(sender.email);
    });
  });

  it('accepts bare MPEG frames without an ID3 tag', async () => {
    const res = await submit([
      ...fields({ interests: undefined, phone: undefined, link: undefined }),
      mp3Part(BARE_MPEG),
    ]);
    expect(res.statusCode).toBe(201);
  });

  it('refuses a WAV renamed to .mp3 with 415 and stores nothing', async () => {
    const before = await submissionCount();
    const files = (await t.app.db.select().from(mediaFiles)).length;
    const res = await submit([...fields(), mp3Part(WAV, 'renamed.mp3', 'audio/mpeg')]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: SUBMISSION_MESSAGES.notMp3 });
    expect(await submissionCount()).toBe(before);
    expect((await t.app.db.select().from(mediaFiles)).length).toBe(files);
  });

  it('refuses a text file called .mp3 and an ID3 tag with no audio behind it', async () => {
    const text = await submit([...fields(), mp3Part(Buffer.from('not music at all '.repeat(100)))]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(SUBMISSION_MESSAGES.notMp3);
    const tagOnly = Buffer.concat([MP3.subarray(0, 10 + id3Size), Buffer.from('hello '.repeat(50))]);
    const res = await submit([...fields(), mp3Part(tagOnly)]);
    expect(res.statusCode).toBe(415);
  });

  it('accepts an MP3 of exactly 20MB and refuses one byte more with 413', async () => {
    const exact = Buffer.concat([MP3, Buffer.alloc(MP3_MAX_BYTES - MP3.length)]);
    expect((await submit([...fields(), mp3Part(exact)])).statusCode).toBe(201);

    const before = await submissionCount();
    const res = await submit([...fields(), mp3Part(Buffer.concat([exact, Buffer.alloc(1)]))]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: SUBMISSION_MESSAGES.tooLarge });
    expect(await submissionCount()).toBe(before);
  });

  it('names every missing required field and the missing file', async () => {
    const res = await submit(fields({ firstName: ' ', lastName: '', email: '', birthDate: '' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(SUBMISSION_MESSAGES.firstNameRequired);
    expect(body.errors).toEqual([
      { field: 'firstName', message: SUBMISSION_MESSAGES.firstNameRequired },
      { field: 'lastName', message: SUBMISSION_MESSAGES.lastNameRequired },
      { field: 'email', message: SUBMISSION_MESSAGES.emailRequired },
      { field: 'birthDate', message: SUBMISSION_MESSAGES.birthDateRequired },
      { field: 'mp3', message: SUBMISSION_MESSAGES.fileRequired },
    ]);
  });

  it('asks for an MP3 when the file is missing', async () => {
    const res = await submit(fields());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: SUBMISSION_MESSAGES.fileRequired });
  });

  it('refuses a bad email, a future birth date, a non-http link and an unknown interest', async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ email: 'not-an-email' }, SUBMISSION_MESSAGES.emailInvalid],
      [{ birthDate: '2999-01-01' }, SUBMISSION_MESSAGES.birthDateInvalid],
      [{ birthDate: '1990-02-31' }, SUBMISSION_MESSAGES.birthDateInvalid],
      [{ link: 'javascript:alert(1)' }, SUBMISSION_MESSAGES.linkInvalid],
    ];
    for (const [override, message] of cases) {
      const res = await submit([...fields(override), mp3Part(MP3)]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const interest = await submit([...fields({ interests: ['FAME'] }), mp3Part(MP3)]);
    expect(interest.statusCode).toBe(400);
    expect(interest.json().errors[0]).toEqual({ field: 'interests.0', message: SUBMISSION_MESSAGES.interestInvalid });
  });

  describe('the admin Submissions inbox', () => {
    it('is for ADMIN and MASTER only', async () => {
      expect((await t.app.inject({ url: '/api/admin/submissions' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/admin/submissions', headers: fan.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/submissions', headers: master.headers })).statusCode).toBe(200);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/submissions/1',
        headers: fan.headers,
        payload: { reviewed: true },
      });
      expect(patch.statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/submissions/1/file', headers: fan.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/submissions/1/file' })).statusCode).toBe(401);
    });

    it('lists submissions newest first, paged, with interests and the download route', async () => {
      const latest = await submit([...fields({ firstName: 'Newest', interests: ['HELP_AND_GUIDANCE'] }), mp3Part(MP3)]);
      const res = await t.app.inject({ url: '/api/admin/submissions?page=0&size=2', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.totalElements).toBe(await submissionCount());
      expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
      expect(page.content).toHaveLength(2);
      expect(page.content[0]).toMatchObject({
        id: latest.json().id,
        firstName: 'Newest',
        interests: ['HELP_AND_GUIDANCE'],
        fileUrl: `/api/admin/submissions/${latest.json().id}/file`,
        reviewed: false,
        submittedBy: fan.username,
      });
      expect(page.content[0].id).toBeGreaterThan(page.content[1].id);
      expect(page.content[0]).not.toHaveProperty('fileKey');
    });

    it('toggles the reviewed flag', async () => {
      const { id } = (await submit([...fields(), mp3Part(MP3)])).json();
      const on = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
        payload: { reviewed: true },
      });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id, reviewed: true });
      const [row] = await t.app.db.select().from(songSubmissions).where(eq(songSubmissions.id, id));
      expect(row!.reviewedBy).toBe(admin.id);
      const off = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
        payload: { reviewed: false },
      });
      expect(off.json().reviewed).toBe(false);
      const missing = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/submissions/999999',
        headers: admin.headers,
        payload: { reviewed: true },
      });
      expect(missing.statusCode).toBe(404);
    });

    it('serves the MP3 to admins only, never through the public media route', async () => {
      const { id } = (await submit([...fields(), mp3Part(MP3, 'Café del Mar.mp3')])).json();
      const res = await t.app.inject({ url: `/api/admin/submissions/${id}/file?download=1`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toContain('attachment;');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Caf%C3%A9%20del%20Mar.mp3");
      expect(res.rawPayload.equals(MP3)).toBe(true);

      const [row] = await t.app.db.select().from(songSubmissions).where(eq(songSubmissions.id, id));
      const open = await t.app.inject({ url: `/api/media/files/${row!.fileKey}` });
      expect(open.statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: '/api/admin/submissions/999999/file', headers: admin.headers })).statusCode,
      ).toBe(404);
    });
  });
});
