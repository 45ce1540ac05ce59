import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
// The type of the template the run provides (ProvidedContext's testDatabaseTemplate).
import type {} from '../../apps/api/test/global-setup.ts';
import { serverBundleArgs, startScriptEnv } from '../../apps/api/test/server-bundle.ts';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
  /** Messages in the dev mailbox for this address, newest first. */
  mailbox(to: string): Promise<{ subject: string; text: string; html: string | null }[]>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The servers this test file has running, so a failing test can show what they logged. */
export const runningServers = new Set<RunningServer>();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The run's migrated template database (apps/api/test/global-setup.ts, the one the API tests copy),
 * or none outside a vitest run that provides it: then the server starts from an empty database.
 */
function databaseTemplate() {
  try {
    return inject('testDatabaseTemplate');
  } catch {
    return undefined;
  }
}

/**
 * The server's database, with every migration applied already: a copy of the run's template. A
 * fresh PostgreSQL database when DATABASE_URL is set (dropped on stop); otherwise PGlite files
 * under `dataDir` (copied there; the server opens DATA_DIR/db). The server still runs its
 * migrations at start (all found applied) and installs the job queue, seeds the demo data, etc.
 */
async function freshDatabase(dataDir: string): Promise<{ url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  const template = databaseTemplate();
  if (!adminUrl) {
    if (template?.kind === 'pglite') cpSync(template.dir, path.join(dataDir, 'db'), { recursive: true });
    return { drop: async () => {} };
  }
  const name = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const from = template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : '';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${from}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts the product as `npm start` does (production build of the web client, demo data, dev
 * mailbox, local payments) on a fresh database and a free port.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // Shared memory when there is some (Linux), as for the API tests' databases; removed on stop.
  const dataDir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fourfour-e2e-'));
  const database = await freshDatabase(dataDir);
  // With a certificate the server speaks HTTPS (HTTP/2 to browsers) on the same port.
  const baseUrl = `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverBundleArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      ...startScriptEnv(),
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      DEMO_DATA: '1',
      RATE_LIMIT: 'off',
      // Every request with its response time, kept in memory and printed when a test fails
      // (e2e/support/setup.ts), so a slow or failing request is named.
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/api/ready`);
        if (res.ok && output.includes('is running at')) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    // A server that did not come up is nobody's to stop: without this it outlives the run and keeps
    // a core busy with its job polling.
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    await database.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const server: RunningServer = {
    baseUrl,
    dataDir,
    output: () => output,
    async stop() {
      runningServers.delete(server);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async mailbox(to) {
      const res = await fetch(`${baseUrl}/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`);
      return (await res.json()) as { subject: string; text: string; html: string | null }[];
    },
  };
  runningServers.add(server);
  return server;
}

/** Polls the dev mailbox until a message for `to` matches. */
export async function waitForMail(
  server: RunningServer,
  to: string,
  match: (m: { subject: string; text: string }) => boolean = () => true,
  timeoutMs = 20_000,
) {
  const started = Date.now();
  for (;;) {
    const found = (await server.mailbox(to)).find(match);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
