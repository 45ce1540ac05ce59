import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TICKETS_PER_ACCOUNT_PER_EVENT } from '@fourfour/shared/constants';
import { buildApp } from '../src/app.ts';
import { runUserCreate } from '../src/cli/user-create.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { devMailbox, users } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/lib/demo.ts';
import { ARGON2_OPTIONS, verifyPassword } from '../src/lib/passwords.ts';
import { bootstrapMaster } from '../src/modules/users/users.service.ts';
import { createTestApp, createTestDatabase, testConfig, waitFor } from './helpers.ts';

describe('configuration', () => {
  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Olympus' })).toThrow(/APP_TIMEZONE/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('refuses to start in production without the required secrets and services', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error?.problems.join('\n') ?? '';
    for (const name of ['APP_SECRET', 'TICKET_SIGNING_KEY', 'DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY']) {
      expect(text).toContain(name);
    }
  });

  it('generates development secrets once into DATA_DIR and keeps them across restarts', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ff-cfg-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.appSecret).toBe(first.appSecret);
    expect(second.ticketSigningKeyPem).toBe(first.ticketSigningKeyPem);
    expect(first.ticketSigningKeyPem).toContain('PRIVATE KEY');
  });

  it('uses local payments without Stripe keys and Stripe with them; demo data outside production', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ff-cfg-'));
    expect(loadConfig({ DATA_DIR: dataDir }).payments.provider).toBe('local');
    expect(loadConfig({ DATA_DIR: dataDir }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_DATA: '0' }).demoData).toBe(false);
    const stripe = loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(stripe.payments.provider).toBe('stripe');
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe('migrations', () => {
  it('create every table and apply only once, however often start-up runs them', async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      await database.migrate();
      await database.migrate();
      const { rows } = await database.raw.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      const tables = rows.map((r) => r.table_name);
      for (const t of [
        'users',
        'refresh_tokens',
        'events',
        'reservations',
        'orders',
        'tickets',
        'subscriptions',
        'benefits',
        'top5_songs',
        'audit_log',
      ]) {
        expect(tables).toContain(t);
      }
      const applied = await database.raw.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      const files = (await import('node:fs')).readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0]?.n).toBe(files.length);
    } finally {
      await database.close();
    }
  }, 90_000); // Many password hashes / a whole migration: slow on a loaded two-core machine, not timed.
});

describe('durable jobs', () => {
  it('retries a failing job with backoff until it succeeds', async () => {
    const attempts: number[] = [];
    const t = await createTestApp({
      setup(app) {
        app.jobs.define<{ n: number }>({
          name: 'test.flaky',
          options: { retryLimit: 3, retryDelay: 1, retryBackoff: true },
          handler: async (_data, job) => {
            attempts.push(job.retryCount);
            if (attempts.length < 3) throw new Error('provider down');
          },
        });
      },
    });
    try {
      await t.app.jobs.send('test.flaky', { n: 1 });
      await waitFor(async () => attempts.length >= 3, 25_000);
      expect(attempts).toEqual([0, 1, 2]);
    } finally {
      await t.close();
    }
  });

  it('keeps a job queued while no process runs and runs it after a restart', async () => {
    const database = await createTestDatabase();
    const done: string[] = [];
    const define = (app: import('fastify').FastifyInstance) =>
      app.jobs.define<{ id: string }>({
        name: 'test.durable',
        handler: async (data) => {
          done.push(data.id);
        },
      });
    try {
      // First process: queue the job but never work it, then stop.
      const first = await buildApp({
        config: testConfig(),
        database,
        logger: false,
        webApp: false,
        jobs: { work: false },
      });
      define(first);
      await first.ready();
      await first.jobs.send('test.durable', { id: 'kept' });
      await first.close();
      expect(done).toEqual([]);
      // Second process on the same database picks it up.
      const second = await buildApp({
        config: testConfig(),
        database,
        logger: false,
        webApp: false,
        jobs: { pollingIntervalSeconds: 0.5 },
      });
      define(second);
      await second.ready();
      await waitFor(async () => done.length > 0);
      expect(done).toEqual(['kept']);
      await second.close();
    } finally {
      await database.close();
    }
  });
});

describe('mail', () => {
  it('stores mail in the dev mailbox when no SMTP server is configured, and lists it', async () => {
    const t = await createTestApp();
    try {
      await t.app.mail.send('fan@example.test', {
        subject: 'Your code',
        heading: 'Verify your email',
        paragraphs: ['Enter this code.'],
        code: 'ABCD2345',
      });
      const row = await waitFor(async () => (await t.app.db.select().from(devMailbox))[0]);
      expect(row.to).toBe('fan@example.test');
      expect(row.text).toContain('ABCD2345');
      expect(row.text).toContain('FourFour');
      expect(row.text).toContain(t.app.config.supportEmail);
      expect(row.html).toContain('ABCD2345');
      const list = await t.app.inject('/dev/mailbox/messages.json?to=fan@example.test');
      expect(list.json()[0].subject).toBe('Your code');
      const page = await t.app.inject('/dev/mailbox');
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Your code');
    } finally {
      await t.close();
    }
  });

  it('sends through a real SMTP server, and an outage delays mail without losing it', async () => {
    const received: { to: string; body: string }[] = [];
    let accept = false;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        // The first attempts fail as if the mail server were down.
        if (!accept) return callback(new Error('421 service not available'));
        callback();
      },
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (c) => (body += c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo[0]?.address ?? '', body });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const port = (smtp.server.address() as { port: number }).port;
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      expect(t.app.mail.transport).toBe('smtp');
      await t.app.mail.send('buyer@example.test', {
        subject: 'Reset your password',
        heading: 'Reset',
        paragraphs: ['Use the link.'],
        action: { label: 'Reset password', url: 'http://localhost/reset-password?token=abc' },
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(received).toHaveLength(0);
      accept = true;
      const mail = await waitFor(async () => received[0], 40_000);
      expect(mail.to).toBe('buyer@example.test');
      expect(mail.body).toContain('Reset your password');
      expect(mail.body).toMatch(/reset-password\?token=(3D)?abc/);
      expect((await t.app.db.select().from(devMailbox)).length).toBe(0);
    } finally {
      await t.close();
      smtp.close();
    }
  }, 60_000);
});

describe('accounts created outside the web app', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('creates the MASTER from MASTER_EMAIL once, and never a second one', async () => {
    expect(await bootstrapMaster(t.app.db, 'Boss@Example.test', 'Str0ng!Pass')).toEqual({ outcome: 'created' });
    expect(await bootstrapMaster(t.app.db, 'other@example.test', 'Str0ng!Pass')).toEqual({ outcome: 'exists' });
    const masters = await t.app.db.select().from(users).where(eq(users.role, 'MASTER'));
    expect(masters).toHaveLength(1);
    expect(masters[0]?.email).toBe('boss@example.test');
    expect(masters[0]?.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(masters[0]!.passwordHash, 'Str0ng!Pass')).toBe(true);
    expect(masters[0]!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('seeds demo data into an empty database only, once', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false, webApp: false, jobs: { work: false } });
    try {
      await app.ready();
      const lines = await seedDemoData(app);
      expect(lines?.join('\n')).toContain('master@fourfour.local');
      expect(await seedDemoData(app)).toBeNull();
      const roles = (await app.db.select({ role: users.role }).from(users)).map((r) => r.role);
      expect(new Set(roles)).toEqual(new Set(['MASTER', 'ADMIN', 'EVENT_WORKER', 'AFFILIATE', 'USER']));
      // The demo obeys the product's rules: no account owns more tickets of a night than it may
      // hold (the demo fan could not buy a ticket on the demo's biggest night when it did).
      const { rows } = await database.raw.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tickets WHERE status <> 'VOID' GROUP BY user_id, event_id ORDER BY 1 DESC LIMIT 1`,
      );
      expect(rows[0]?.n).toBeLessThanOrEqual(MAX_TICKETS_PER_ACCOUNT_PER_EVENT);
    } finally {
      await app.close();
      await database.close();
    }
  }, 90_000);

  it('creates a user of any role from the command line, and refuses bad input', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ff-cli-'));
    // The CLI runs on the embedded database here; DATABASE_URL is the same code path (openDatabase).
    const env = { DATA_DIR: dataDir };
    const created = await runUserCreate(
      ['--email', 'Door@Club.test', '--password', 'Door#Pass99', '--role', 'EVENT_WORKER'],
      env,
    );
    expect(created).toMatchObject({ email: 'door@club.test', role: 'EVENT_WORKER', username: 'Door' });
    await expect(runUserCreate(['--email', 'door@club.test', '--password', 'Door#Pass99'], env)).rejects.toThrow(
      /already exists/,
    );
    await expect(
      runUserCreate(['--email', 'x@club.test', '--password', 'weak', '--role', 'ADMIN'], env),
    ).rejects.toThrow();
    await expect(
      runUserCreate(['--email', 'y@club.test', '--password', 'Door#Pass99', '--role', 'KING'], env),
    ).rejects.toThrow(/--role must be one of/);
  }, 90_000); // Many password hashes / a whole migration: slow on a loaded two-core machine, not timed.
});

describe('the web app', () => {
  it('serves hashed assets for a year, index.html uncached, and index.html for every client route', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'ff-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>FourFour</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const database = await createTestDatabase();
    const app2 = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      jobs: { work: false },
      webDistDir: dist,
    });
    try {
      await app2.ready();
      const asset = await app2.inject('/assets/app-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const route of ['/', '/events', '/admin/events/3/edit?publish=1', '/purchase/12']) {
        const page = await app2.inject(route);
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.headers['cache-control']).toContain('no-cache');
        expect(page.body).toContain('<div id="root">');
      }
      const api = await app2.inject('/api/does-not-exist');
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
      const post = await app2.inject({ method: 'POST', url: '/events' });
      expect(post.statusCode).toBe(404);
    } finally {
      await app2.close();
      await database.close();
    }
  });
});
