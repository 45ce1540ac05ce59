/**
 * Several instances, proven (issue 18): three production server processes on one PostgreSQL
 * database with REDIS_URL, driven round-robin; one is killed with SIGKILL in a ticket race;
 * PostgreSQL is cut away and comes back; three development instances start at the same moment on
 * another fresh database. PostgreSQL only (it needs separate processes on one shared database).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import jsQR from 'jsqr';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@fourfour/shared/api-error';
import { freePort, startSessions } from '../../../bench/support.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { shareDevelopmentKeys } from '../src/db/shared-keys.ts';
import { deriveKey } from '../src/lib/crypto.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createPayloadSeal } from '../src/lib/sealed-payload.ts';
import { adminQuery } from './helpers.ts';
import { type Instance, MailCatcher, Relay, startInstance, waitUntilServing } from './instances.ts';

const ADMIN_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Str0ng#Passw0rd';
const MIGRATION_COUNT = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')).entries
  .length as number;

/**
 * A client address of its own for each simulated visitor (the test plays the load balancer that
 * TRUST_PROXY names): a fresh IPv6 /64 each (limits count per /64), random per run, because Redis
 * keeps counts between runs.
 */
const run = randomBytes(6).toString('hex');
let nextAddress = 0;
const newAddress = () =>
  `fd${run.slice(0, 2)}:${run.slice(2, 6)}:${run.slice(6, 10)}:${(++nextAddress).toString(16)}::1`;

function databaseUrl(name: string, host = '127.0.0.1', port?: number): string {
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  url.hostname = host;
  if (port) url.port = String(port);
  return url.toString();
}

interface Call {
  status: number;
  body: Record<string, unknown> & { message?: string; code?: string };
  ms: number;
}

/** One request; a connection error (a dead instance) answers status 0. */
async function call(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; address?: string; form?: boolean } = {},
): Promise<Call> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address ?? newAddress() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = '';
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const started = performance.now();
  try {
    const res = await fetch(`${instance.url}${url}`, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, ms: performance.now() - started };
  } catch {
    return { status: 0, body: {}, ms: performance.now() - started };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const codeFrom = (mail: string) => /^([A-HJ-NP-Z2-9]{8})\r?$/m.exec(mail)?.[1];

async function qrValueOf(instance: Instance, token: string): Promise<string> {
  const mine = await call(instance, 'GET', '/api/account/my-tickets?includeQr=true&includePast=true', { token });
  expect(mine.status).toBe(200);
  const owned = (mine.body as unknown as { qrBase64: string }[])[0]!;
  const png = PNG.sync.read(Buffer.from(owned.qrBase64, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data;
}

describe.skipIf(!ADMIN_URL)('several production instances on one PostgreSQL (skipped without DATABASE_URL)', () => {
  const dbName = `several_${Date.now().toString(36)}_${process.pid}`;
  const dataDirs: string[] = [];
  const figures: Record<string, string | number> = {};
  let relay: Relay;
  let mail: MailCatcher;
  let pool: pg.Pool;
  let boss: PgBoss | undefined;
  let instances: Instance[] = [];
  const appSecret = randomBytes(48).toString('base64url');
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  /** Round-robin: the nth call of a journey goes to instance n mod 3. */
  const rr = (n: number) => instances[n % instances.length]!;

  beforeAll(async () => {
    await adminQuery(ADMIN_URL!, `CREATE DATABASE ${dbName}`);
    const pgUrl = new URL(ADMIN_URL!);
    relay = new Relay(pgUrl.hostname, Number(pgUrl.port || 5432));
    const relayPort = await relay.listen();
    mail = new MailCatcher();
    const smtpPort = await mail.listen();
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    // All three at the same moment, on an empty database: the migrations race.
    instances = ports.map((port, i) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `fourfour-several-${i}-`));
      dataDirs.push(dataDir);
      return startInstance(`instance ${'ABC'[i]}`, port, {
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(dbName, '127.0.0.1', relayPort),
        REDIS_URL,
        APP_SECRET: appSecret,
        TICKET_SIGNING_KEY: signingKey,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PAYMENTS_PROVIDER: 'local',
        DEMO_DATA: '0',
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
      });
    });
    await Promise.all(instances.map((instance) => waitUntilServing(instance)));
    pool = new pg.Pool({ connectionString: databaseUrl(dbName), max: 4 });
    // The restart below terminates this pool's connections too; it reconnects.
    pool.on('error', () => {});
  }, 120_000);

  afterAll(async () => {
    if (Object.keys(figures).length > 0)
      console.log(`several instances, figures:\n${JSON.stringify(figures, null, 2)}`);
    await Promise.all(instances.map((instance) => instance.stop()));
    await boss?.stop({ graceful: false }).catch(() => {});
    await pool?.end();
    await relay?.close();
    await mail?.close();
    await adminQuery(ADMIN_URL!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  let fan: { email: string; token: string };

  it('applies the migrations once when three instances start at the same moment', async () => {
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS d FROM drizzle.__drizzle_migrations',
    );
    expect(rows[0]).toEqual({ n: MIGRATION_COUNT, d: MIGRATION_COUNT });
  });

  it('lets a fan register, verify, buy, pay, read the result and be admitted, each step on another instance', async () => {
    const name = `fan_${Date.now().toString(36)}`;
    const email = `${name}@example.test`;
    const address = newAddress();
    const registered = await call(rr(0), 'POST', '/api/auth/register', {
      address,
      body: { email, username: name, password: PASSWORD, birthDate: '1995-05-20', termsAccepted: true },
    });
    expect(registered.status).toBe(201);
    const code = codeFrom((await until('the verification mail', async () => mail.to(email)[0]))!.body);
    expect((await call(rr(1), 'POST', '/api/auth/verify', { address, body: { email, code } })).status).toBe(200);
    const login = await call(rr(2), 'POST', '/api/auth/login', { address, body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.accessToken as string;
    fan = { email, token };

    const { rows } = await pool.query(
      `INSERT INTO events (title, status, starts_at, ends_at, total_standard, total_vip, standard_price_pence, vip_price_pence)
       VALUES ('Three rooms', 'PUBLISHED', now() + interval '3 hours', now() + interval '9 hours', 10, 0, 2000, 5000) RETURNING id`,
    );
    const drafts = [
      {
        ticketType: 'STANDARD',
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1995-05-20',
        useFreeTicket: false,
      },
    ];
    const reserved = await call(rr(0), 'POST', `/api/tickets/reserve?eventId=${rows[0].id}`, {
      token,
      address,
      body: drafts,
    });
    expect(reserved.status).toBe(200);
    const checkout = await call(
      rr(1),
      'POST',
      `/api/tickets/create-checkout-session?reservationToken=${reserved.body.reservationToken}`,
      { token, address, form: true },
    );
    expect(checkout.status).toBe(200);
    const sessionId = (checkout.body.url as string).split('/').pop()!;
    const paid = await call(rr(2), 'POST', `/api/payments/local/checkout/${sessionId}/complete`, { token, address });
    expect(paid.status).toBe(200);
    const result = await until('the fulfilled order', async () => {
      const r = await call(rr(0), 'GET', `/api/tickets/checkout-result?session_id=${sessionId}`, { address });
      return r.body.state === 'FULFILLED' && r;
    });
    expect(result.status).toBe(200);
    const qr = await qrValueOf(rr(1), token);

    // The door: an EVENT_WORKER made as `npm run user:create` makes one, signed in on one instance.
    const door = `door_${Date.now().toString(36)}@example.test`;
    await pool.query(
      `INSERT INTO users (email, username, password_hash, birth_date, role, email_verified_at)
       VALUES ($1, $2, $3, '1990-01-01', 'EVENT_WORKER', now())`,
      [door, door.split('@')[0], await hashPassword(PASSWORD)],
    );
    const doorLogin = await call(rr(0), 'POST', '/api/auth/login', {
      address,
      body: { email: door, password: PASSWORD },
    });
    expect(doorLogin.status).toBe(200);
    const scanned = await call(rr(2), 'POST', `/api/ticket-scan?qrCodeValue=${encodeURIComponent(qr)}`, {
      token: doorLogin.body.accessToken as string,
      address,
    });
    expect(scanned.status).toBe(200);
    const again = await call(rr(1), 'POST', `/api/ticket-scan?qrCodeValue=${encodeURIComponent(qr)}`, {
      token: doorLogin.body.accessToken as string,
      address,
    });
    expect(again.body.code).toBe('ALREADY_USED');
  }, 60_000);

  it('holds a rate limit reached through one instance on the others (Redis)', async () => {
    const address = newAddress();
    // forgot-password: 5 per address in 15 minutes, spread over the three instances.
    for (let i = 0; i < 5; i++) {
      const res = await call(rr(i), 'POST', '/api/auth/forgot-password', {
        address,
        body: { email: `nobody${i}_${run}@example.test` },
      });
      expect(res.status).toBe(200);
    }
    for (const instance of instances) {
      const res = await call(instance, 'POST', '/api/auth/forgot-password', {
        address,
        body: { email: `nobody9_${run}@example.test` },
      });
      expect(res.status).toBe(429);
    }
    // Another address is not limited.
    expect(
      (
        await call(rr(0), 'POST', '/api/auth/forgot-password', {
          address: newAddress(),
          body: { email: `x_${run}@example.test` },
        })
      ).status,
    ).toBe(200);
  }, 30_000);

  it('holds password throttling and the lockout reached through one instance on the others', async () => {
    const address = newAddress();
    const wrong = { email: fan.email, password: 'Wr0ng#Password!' };
    // Three free failures and a fourth that starts the wait, round-robin; the next try waits.
    for (let i = 0; i < 4; i++) {
      expect((await call(rr(i), 'POST', '/api/auth/login', { address, body: wrong })).status).toBe(401);
    }
    for (const instance of instances) {
      expect((await call(instance, 'POST', '/api/auth/login', { address, body: wrong })).status).toBe(429);
    }
    // The per-email ceiling: 50 failures from many addresses over all instances lock the email
    // everywhere, even with the right password from a fresh address.
    const failures = Array.from({ length: 46 }, (_, i) =>
      call(rr(i), 'POST', '/api/auth/login', { address: newAddress(), body: wrong }),
    );
    const statuses = (await Promise.all(failures)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401 || s === 423)).toHaveLength(46);
    for (const instance of instances) {
      const res = await call(instance, 'POST', '/api/auth/login', {
        address: newAddress(),
        body: { email: fan.email, password: PASSWORD },
      });
      expect(res.status).toBe(423);
    }
  }, 60_000);

  it('keeps every hold and every job when one instance is killed while 200 buyers race for 50 tickets', async () => {
    const buyers = 200;
    const stock = 50;
    const { rows: users } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at)
       SELECT 'racer' || g || '_${run}@example.test', 'racer' || g || '_${run}', 'x', '1990-01-01', now()
       FROM generate_series(1, $1) g RETURNING id`,
      [buyers],
    );
    const sessions = await startSessions(
      pool,
      users.map((u) => u.id),
    );
    const sign = createSigner({
      key: deriveKey(appSecret, 'access-token'),
      algorithm: 'HS256',
      iss: 'fourfour',
      aud: 'fourfour:api',
      expiresIn: 3600_000,
    });
    const tokens = users.map((u, i) => sign({ typ: 'access', role: 'USER', sv: 0, sid: sessions[i], sub: u.id }));
    const { rows: event } = await pool.query(
      `INSERT INTO events (title, status, starts_at, ends_at, total_standard, total_vip, standard_price_pence, vip_price_pence)
       VALUES ('Flash sale', 'PUBLISHED', now() + interval '3 days', now() + interval '3 days 6 hours', $1, 0, 2000, 5000) RETURNING id`,
      [stock],
    );
    const eventId = event[0].id;

    // Jobs: mail that the SMTP server holds open, so each instance has one claimed and running when
    // the victim dies. expireInSeconds is pg-boss's own limit on a claimed job: past it, any
    // instance's supervisor fails the job and it is retried (JobsPlugin SUPERVISION, every 10 s).
    // Only a sender here: no supervision, so the re-run can only come from a surviving instance.
    boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', () => {});
    await boss.start();
    const seal = createPayloadSeal(appSecret);
    const held = Array.from({ length: 6 }, (_, i) => `held${i}_${run}@example.test`);
    mail.holding = /^held\d_/;
    const jobIds = await Promise.all(
      held.map((to) =>
        boss!.send('mail.send', seal.seal('mail.send', { to, subject: 'Held', text: 'held', html: '<p>held</p>' }), {
          expireInSeconds: 8,
          retryDelay: 1,
          retryBackoff: false,
          retryLimit: 5,
        }),
      ),
    );
    await until('a held delivery on every instance', async () => mail.heldCount >= 3, 15_000);

    const victim = instances[2]!;
    const survivors = instances.slice(0, 2);
    const results: { status: number; token?: string; instance: number }[] = [];
    const started = performance.now();
    let killedAt = 0;
    const race = Array.from({ length: buyers }, async (_, i) => {
      // Spread over ~1 s, as a crowd arrives; the victim dies a third of the way in.
      await sleep(i * 5);
      if (i === Math.floor(buyers / 3) && !killedAt) {
        victim.child.kill('SIGKILL');
        killedAt = performance.now();
      }
      const res = await call(instances[i % 3]!, 'POST', `/api/tickets/reserve?eventId=${eventId}`, {
        token: tokens[i],
        address: newAddress(),
        body: [
          {
            ticketType: 'STANDARD',
            firstName: 'Race',
            lastName: `Buyer${i}`,
            dateOfBirth: '1990-01-01',
            useFreeTicket: false,
          },
        ],
      });
      results.push({ status: res.status, token: res.body.reservationToken as string | undefined, instance: i % 3 });
    });
    await Promise.all(race);
    const raceMs = performance.now() - started;
    await sleep(500);
    mail.release();

    const ok = results.filter((r) => r.status === 200);
    const { rows: holds } = await pool.query<{ id: string }>(
      `SELECT id FROM reservations WHERE event_id = $1 AND status = 'HELD'`,
      [eventId],
    );
    const { rows: stockRow } = await pool.query('SELECT held_standard FROM events WHERE id = $1', [eventId]);
    const holdIds = new Set(holds.map((h) => h.id));
    expect(holds).toHaveLength(stock);
    expect(stockRow[0].held_standard).toBe(stock);
    expect(ok.every((r) => holdIds.has(r.token!))).toBe(true);
    expect(results.filter((r) => r.instance !== 2).every((r) => r.status === 200 || r.status === 409)).toBe(true);

    // The survivors keep serving.
    for (const instance of survivors) {
      expect((await call(instance, 'GET', '/api/ready')).status).toBe(200);
      expect((await call(instance, 'GET', '/api/auth/me', { token: tokens[0] })).status).toBe(200);
    }

    // No job lost: every held mail arrives, the one the victim had claimed through a retry.
    const delivered = await until(
      'every held mail',
      async () => held.every((to) => mail.to(to).length > 0) && Date.now(),
      45_000,
    );
    const jobs = await until('every held mail job completed', async () => {
      const now = await Promise.all(jobIds.map((id) => boss!.getJobById('mail.send', id!)));
      return now.every((job) => job?.state === 'completed') && now;
    });
    expect(jobs.some((job) => (job?.retryCount ?? 0) > 0)).toBe(true);

    Object.assign(figures, {
      'race: requests': buyers,
      'race: 200s': ok.length,
      'race: 409s (sold out)': results.filter((r) => r.status === 409).length,
      'race: failed at the killed instance': results.filter((r) => r.status === 0).length,
      'race: other answers': results.filter((r) => ![0, 200, 409].includes(r.status)).length,
      'race: holds in the database': holds.length,
      'race: wall time ms': Math.round(raceMs),
      'jobs: held mail jobs': held.length,
      'jobs: completed': jobs.filter((job) => job?.state === 'completed').length,
      'jobs: retried after the kill': jobs.filter((job) => (job?.retryCount ?? 0) > 0).length,
      'jobs: last held mail delivered, s after the kill': (
        (delivered - (performance.timeOrigin + killedAt)) /
        1000
      ).toFixed(1),
    });
    instances = survivors;
    await victim.stop();
    await boss.stop({ graceful: false });
    boss = undefined;
  }, 90_000);

  it('answers 503 at once while PostgreSQL is away and recovers without a restart', async () => {
    const token = fan.token;
    const me = (instance: Instance) => call(instance, 'GET', '/api/auth/me', { token });
    let loading = true;
    const seen: { at: number; status: number; ms: number; message?: string; instance: string }[] = [];
    // Load: four clients per instance, requests back to back.
    const load = instances.flatMap((instance) =>
      Array.from({ length: 4 }, async () => {
        while (loading) {
          const r = await me(instance);
          seen.push({
            at: performance.now(),
            status: r.status,
            ms: r.ms,
            message: r.body.message,
            instance: instance.name,
          });
        }
      }),
    );
    await sleep(500);

    // A restart: every connection of the database is terminated at once.
    await adminQuery(
      ADMIN_URL!,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`,
    );
    const terminatedAt = performance.now();
    await until('service after the restart', async () => {
      const answers = await Promise.all(instances.map(me));
      return answers.every((a) => a.status === 200);
    }).catch((err) => {
      throw new Error(
        `${err.message}\n${instances.map((i) => `${i.name} (exit ${i.child.exitCode}):\n${i.output().slice(-3000)}`).join('\n')}\n${JSON.stringify(seen.slice(-10))}`,
      );
    });
    const restartRecoveryMs = performance.now() - terminatedAt;

    // Down: the relay drops every connection and refuses new ones for 6 s.
    relay.cut();
    const cutAt = performance.now();
    const firstUnavailable = await Promise.all(
      instances.map((instance) =>
        until(`503 from ${instance.name}`, async () =>
          seen.find((s) => s.instance === instance.name && s.at > cutAt && s.status === 503),
        ),
      ),
    );
    await sleep(6_000);
    const ready = await Promise.all(instances.map((instance) => call(instance, 'GET', '/api/ready')));
    relay.restore();
    const restoredAt = performance.now();
    // Judged by when each request was sent (its answer's time less its duration): one sent before
    // the cut may come back after it with its 200, late on a busy machine.
    const during = seen.filter((s) => s.at - s.ms > cutAt + 200 && s.at < restoredAt);
    await until(
      'service after PostgreSQL is back',
      async () => {
        const answers = await Promise.all(
          instances.flatMap((instance) => [me(instance), call(instance, 'GET', '/api/ready')]),
        );
        return answers.every((a) => a.status === 200);
      },
      30_000,
    );
    const recoveryMs = performance.now() - restoredAt;

    // Unreachable: open connections drop and new ones are never answered. The pool gives up on a
    // connection after 5 s (client.ts), so requests still end in 503 within seconds, not minutes.
    relay.blackhole();
    const holeAt = performance.now();
    await sleep(7_000);
    const readyInHole = await Promise.all(instances.map((instance) => call(instance, 'GET', '/api/ready')));
    relay.restore();
    const holeEnd = performance.now();
    const inHole = seen.filter((s) => s.at - s.ms > holeAt + 200 && s.at < holeEnd);
    await until(
      'service after the network is back',
      async () => {
        const answers = await Promise.all(instances.map(me));
        return answers.every((a) => a.status === 200);
      },
      30_000,
    );
    const holeRecoveryMs = performance.now() - holeEnd;
    loading = false;
    await Promise.all(load);

    expect(readyInHole.map((r) => r.status)).toEqual(instances.map(() => 503));
    expect(inHole.length).toBeGreaterThan(0);
    expect(inHole.every((s) => s.status === 503 && s.message === SERVICE_UNAVAILABLE_MESSAGE)).toBe(true);
    expect(Math.max(...inHole.map((s) => s.ms))).toBeLessThan(7_000);

    expect(ready.map((r) => r.status)).toEqual(instances.map(() => 503));
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((s) => s.status === 503 && s.message === SERVICE_UNAVAILABLE_MESSAGE)).toBe(true);
    expect(Math.max(...during.map((s) => s.ms))).toBeLessThan(6_000);
    expect(instances.every((instance) => instance.child.exitCode === null)).toBe(true);
    const maxRecovery = Math.round(recoveryMs);
    Object.assign(figures, {
      'outage: requests during the cut': during.length,
      'outage: all 503 with the message': during.every((s) => s.status === 503),
      'outage: slowest answer while down ms': Math.round(Math.max(...during.map((s) => s.ms))),
      'outage: first 503 after the cut ms': Math.round(Math.max(...firstUnavailable.map((s) => s.at - cutAt))),
      'outage: back to 200 after the relay returned ms': maxRecovery,
      'restart: back to 200 after every backend was terminated ms': Math.round(restartRecoveryMs),
      'unreachable: requests answered during the 7 s': inHole.length,
      'unreachable: slowest answer ms': Math.round(Math.max(...inHole.map((s) => s.ms))),
      'unreachable: back to 200 after the network returned ms': Math.round(holeRecoveryMs),
      'outage: requests during the whole test': seen.length,
    });
  }, 90_000);
});

describe.skipIf(!ADMIN_URL)('three development instances starting together (skipped without DATABASE_URL)', () => {
  const dbName = `several_dev_${Date.now().toString(36)}_${process.pid}`;
  const dataDirs: string[] = [];
  let instances: Instance[] = [];

  beforeAll(async () => {
    await adminQuery(ADMIN_URL!, `CREATE DATABASE ${dbName}`);
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    instances = ports.map((port, i) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `fourfour-several-dev-${i}-`));
      dataDirs.push(dataDir);
      // Development: no keys, demo data on, each with its own data folder.
      return startInstance(`dev ${'ABC'[i]}`, port, {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(dbName),
        DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
      });
    });
    await Promise.all(instances.map((instance) => waitUntilServing(instance)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await adminQuery(ADMIN_URL!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('runs the migrations and seeds the demo data once', async () => {
    const seeded = instances.filter((instance) => instance.output().includes('Demo data seeded.'));
    expect(seeded).toHaveLength(1);
    const client = new pg.Client({ connectionString: databaseUrl(dbName) });
    await client.connect();
    try {
      const migrations = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(migrations.rows[0].n).toBe(MIGRATION_COUNT);
      const demo = await client.query(
        `SELECT count(*)::int AS n FROM users WHERE email IN ('master@fourfour.local', 'fan@fourfour.local', 'raver@fourfour.local')`,
      );
      expect(demo.rows[0].n).toBe(3);
      const raver = await client.query(
        `SELECT count(*)::int AS n FROM tickets t JOIN users u ON u.id = t.user_id WHERE u.email = 'raver@fourfour.local'`,
      );
      expect(raver.rows[0].n).toBe(2);
    } finally {
      await client.end();
    }
  });

  it('shares one set of generated keys: a sign-in and a QR code from one instance count on the others', async () => {
    const login = await call(instances[0]!, 'POST', '/api/auth/login', {
      body: { email: 'raver@fourfour.local', password: 'FourFour#2026' },
    });
    expect(login.status).toBe(200);
    const token = login.body.accessToken as string;
    for (const instance of instances) expect((await call(instance, 'GET', '/api/auth/me', { token })).status).toBe(200);
    const qr = await qrValueOf(instances[1]!, token);
    const door = await call(instances[2]!, 'POST', '/api/auth/login', {
      body: { email: 'door@fourfour.local', password: 'FourFour#2026' },
    });
    // The demo ticket's event is days away: the signature is accepted (not INVALID), the day is not.
    const scanned = await call(instances[0]!, 'POST', `/api/ticket-scan?qrCodeValue=${encodeURIComponent(qr)}`, {
      token: door.body.accessToken as string,
    });
    expect(scanned.body.code).toBe('WRONG_DAY');
    // Nothing was written to the data folders: the keys live in the database only.
    for (const dir of dataDirs) expect(readdirSync(dir)).not.toContain('keys');
  }, 30_000);

  it('refuses to start an instance whose own APP_SECRET disagrees with the shared one, naming it', async () => {
    const config = loadConfig({
      DATABASE_URL: databaseUrl(dbName),
      DATA_DIR: dataDirs[0],
      APP_SECRET: randomBytes(48).toString('base64url'),
    });
    const error = await shareDevelopmentKeys(config).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(/^APP_SECRET: differs from the one the other instances/);
    // Unset, it takes the shared one.
    const shared = await shareDevelopmentKeys(loadConfig({ DATABASE_URL: databaseUrl(dbName), DATA_DIR: dataDirs[0] }));
    const other = await shareDevelopmentKeys(loadConfig({ DATABASE_URL: databaseUrl(dbName), DATA_DIR: dataDirs[1] }));
    expect(other.appSecret).toBe(shared.appSecret);
    expect(other.ticketSigningKeyPem).toBe(shared.ticketSigningKeyPem);
  });
});
