import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { bearer, login, refresh, refreshCookieOf, registration, uniqueName } from '../auth/auth.test-kit.ts';
import { bootstrapMasterAtStart } from './master-bootstrap.ts';

const MASTER_PASSWORD = 'Mast3r#Bootstrap!';

/** A log sink that keeps what start-up said, to check the warning and that no secret is in it. */
function captureLog() {
  const lines: { level: string; text: string }[] = [];
  const write = (level: string) => (a: unknown, b?: unknown) =>
    lines.push({ level, text: [a, b].map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ') });
  return { lines, log: { info: write('info'), warn: write('warn') } };
}

function settings(email: string, production = false) {
  const config = testConfig({ MASTER_EMAIL: email, MASTER_PASSWORD });
  return { ...config, isProduction: production, env: production ? 'production' : config.env };
}

async function roleOf(t: TestApp, email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('MASTER account from MASTER_EMAIL at start-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  // Each case needs "no live MASTER yet": demote any MASTER a previous case made.
  async function noMaster() {
    await t.app.db.update(users).set({ role: 'USER' }).where(eq(users.role, 'MASTER'));
  }

  it('creates a verified MASTER when no account has that email', async () => {
    await noMaster();
    const email = `${uniqueName('boss')}@example.test`;
    const { log, lines } = captureLog();
    expect(await bootstrapMasterAtStart({ db: t.app.db, config: settings(email), log })).toBe('created');
    const row = await roleOf(t, email);
    expect(row?.role).toBe('MASTER');
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(row!.passwordHash, MASTER_PASSWORD)).toBe(true);
    expect(lines.map((l) => l.level)).toEqual(['info']);
  });

  it('never promotes an unverified account someone registered with the MASTER email', async () => {
    await noMaster();
    const body = registration({ password: 'Att4cker#Chosen' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(201);
    const { log, lines } = captureLog();
    expect(await bootstrapMasterAtStart({ db: t.app.db, config: settings(body.email), log })).toBe('none');
    const row = await roleOf(t, body.email);
    expect(row?.role).toBe('USER');
    expect(row?.emailVerifiedAt).toBeNull();
    const warning = lines.find((l) => l.level === 'warn')?.text ?? '';
    expect(warning).toMatch(/not verified/);
    expect(warning).toMatch(/no MASTER/i);
    expect(warning).not.toContain(MASTER_PASSWORD);
    expect(warning).not.toContain(body.email);
  });

  it('never promotes a verified account whose password is not MASTER_PASSWORD', async () => {
    await noMaster();
    const email = `${uniqueName('taken')}@example.test`;
    const { createUser } = await import('../../../test/factories.ts');
    await createUser(t.app, { email, password: 'Someone#Else99' });
    const { log, lines } = captureLog();
    expect(await bootstrapMasterAtStart({ db: t.app.db, config: settings(email), log })).toBe('none');
    expect((await roleOf(t, email))?.role).toBe('USER');
    expect(lines.find((l) => l.level === 'warn')?.text).toMatch(/password does not match MASTER_PASSWORD/);
  });

  it('refuses to start in production when the MASTER email belongs to an account it may not promote', async () => {
    await noMaster();
    const body = registration();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const { log } = captureLog();
    await expect(bootstrapMasterAtStart({ db: t.app.db, config: settings(body.email, true), log })).rejects.toThrow(
      /MASTER_EMAIL.*not verified.*refusing to start/is,
    );
    expect((await roleOf(t, body.email))?.role).toBe('USER');
  });

  it('promotes a verified account whose password is MASTER_PASSWORD, and ends all its sessions', async () => {
    await noMaster();
    const email = `${uniqueName('owner')}@example.test`;
    const { createUser } = await import('../../../test/factories.ts');
    const owner = await createUser(t.app, { email, password: MASTER_PASSWORD });
    const signedIn = await login(t.app, email, MASTER_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = refreshCookieOf(signedIn)!.value;

    const { log } = captureLog();
    expect(await bootstrapMasterAtStart({ db: t.app.db, config: settings(email), log })).toBe('promoted');
    expect((await roleOf(t, email))?.role).toBe('MASTER');
    const me = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: owner.headers });
    expect(me.statusCode).toBe(401);
    const token = signedIn.json().accessToken as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect((await refresh(t.app, cookie)).statusCode).toBe(401);
  });

  it('does nothing once a live MASTER exists', async () => {
    const { createUser } = await import('../../../test/factories.ts');
    await noMaster();
    await createUser(t.app, { role: 'MASTER' });
    const email = `${uniqueName('late')}@example.test`;
    const { log } = captureLog();
    expect(await bootstrapMasterAtStart({ db: t.app.db, config: settings(email, true), log })).toBe('exists');
    expect(await roleOf(t, email)).toBeUndefined();
  });
});
