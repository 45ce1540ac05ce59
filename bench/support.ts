/**
 * What the PostgreSQL benchmarks (sale, scan) share: a production server on a fresh database,
 * access tokens signed as the auth plugin signs them, CPU readings per process, a lean keep-alive
 * HTTP client for the load, and the statistics.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { deriveKey } from '../apps/api/src/lib/crypto.ts';
import { serverBundleArgs, startScriptEnv } from '../apps/api/test/server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The server's pool size (openDatabase's default), used for the baselines too. */
export const POOL_SIZE = 20;

/**
 * The reservation `r` and paid order `o` behind $3 tickets (2000 pence each) of user $1 at event $2,
 * as the schema requires them; the statement goes on with the tickets' INSERT ... FROM o,
 * generate_series(1, $3) g.
 */
export const PAID_ORDER_CTE = `WITH r AS (
    INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at)
    VALUES ($1, $2, 'FULFILLED', $3, 0, '[]', 2000 * $3, now()) RETURNING id
  ), o AS (
    INSERT INTO orders (reservation_id, user_id, event_id, provider, provider_session_id, amount_pence, status, outcome, paid_at)
    SELECT r.id, $1, $2, 'local', 'bench_' || r.id, 2000 * $3, 'PAID', 'FULFILLED', now() FROM r RETURNING id
  )`;

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * A signed-in device (sessions row) for each user inserted straight into the table, as a password
 * sign-in leaves it: access tokens name it, and every request checks it is live. Ids in order.
 */
export async function startSessions(pool: pg.Pool, userIds: readonly (number | string)[]): Promise<string[]> {
  const ids = userIds.map(() => randomUUID());
  await pool.query(
    `INSERT INTO sessions (id, user_id, user_agent) SELECT s, u, 'bench' FROM unnest($1::uuid[], $2::bigint[]) AS x(s, u)`,
    [ids, userIds.map(String)],
  );
  return ids;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** CPU time (ms) a process has used so far, from /proc (Linux; 10 ms resolution). */
export function procCpuMs(pid: number, which: 'all' | 'user' | 'system' = 'all'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return ((which === 'user' ? user : which === 'system' ? system : user + system) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) of the PostgreSQL processes that serve `database`: its backends and the cluster's
 * own processes (WAL writer, checkpointer, …), not backends of other databases, so a test suite
 * running beside the bench does not land in its figures. A backend's title is
 * "postgres: <cluster>: <role> <database> <client> <state>"; every bench role is `postgres`.
 */
export function postgresCpuMs(database: string): number {
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (!readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres')) continue;
      const title = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const backend = /^postgres: [^:]+: postgres (\S+)/.exec(title);
      if (backend && backend[1] !== database) continue;
      total += procCpuMs(Number(d));
    } catch {}
  }
  return total;
}

/** CPU ms used by the server process, this process (load generator, raw client) and PostgreSQL. */
export interface CpuSnapshot {
  server: number;
  /** The part of `server` spent in the kernel (system calls: sockets). */
  serverKernel: number;
  bench: number;
  db: number;
}

export interface BenchServer {
  baseUrl: string;
  port: number;
  databaseUrl: string;
  signingKey: string;
  /** An access token for a user's session (startSessions), as the auth plugin signs it (same secret). */
  accessToken(userId: number | string, role: string, sessionId: string): string;
  cpu(): CpuSnapshot;
  cpuSince(start: CpuSnapshot): CpuSnapshot;
  stop(): Promise<void>;
}

/**
 * The environment of a benchmark's server: the production code (logger at warn, rate limits off,
 * no dev mailbox, local payments, no demo data) on `databaseUrl`.
 */
export function benchServerEnv(o: {
  name: string;
  port: number;
  databaseUrl: string;
  appSecret: string;
  signingKey: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...startScriptEnv(),
    // Production refuses RATE_LIMIT=off (issue 16), and a bench from one address needs it off;
    // NODE_ENV=test runs the same code, with SMTP configured and the dev mailbox off.
    NODE_ENV: 'test',
    DEV_MAILBOX: 'off',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${o.port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `fourfour-bench-${o.name}-`)),
    DATABASE_URL: o.databaseUrl,
    APP_SECRET: o.appSecret,
    TICKET_SIGNING_KEY: o.signingKey,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PAYMENTS_PROVIDER: 'local',
    STRIPE_SECRET_KEY: '',
    DEMO_DATA: '0',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  };
}

/**
 * The production server code (logger at warn, rate limits off, no dev mailbox) on a fresh
 * PostgreSQL database made for this run; `stop` drops it. BENCH_CPU_PROF=<dir> profiles the server.
 */
export async function startServer(name: string): Promise<BenchServer> {
  // Before the database is made: a stale bundle stops the run with nothing left behind.
  const serverArgs = serverBundleArgs();
  const dbName = `bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const appSecret = randomBytes(48).toString('base64url');
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROF;
  const child: ChildProcess = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), ...serverArgs],
    {
      cwd: ROOT,
      env: benchServerEnv({ name, port, databaseUrl, appSecret, signingKey }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  };

  try {
    for (const started = Date.now(); ; ) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const ok = await fetch(`${baseUrl}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && output.includes('is running at')) break;
      if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }

  const sign = createSigner({
    key: deriveKey(appSecret, 'access-token'),
    algorithm: 'HS256',
    iss: 'fourfour',
    aud: 'fourfour:api',
    expiresIn: 2 * 3600_000,
  });
  const cpu = (): CpuSnapshot => {
    const own = process.cpuUsage();
    return {
      server: procCpuMs(child.pid!),
      serverKernel: procCpuMs(child.pid!, 'system'),
      bench: (own.user + own.system) / 1000,
      db: postgresCpuMs(dbName),
    };
  };
  return {
    baseUrl,
    port,
    databaseUrl,
    signingKey,
    accessToken: (userId, role, sessionId) => sign({ typ: 'access', role, sv: 0, sid: sessionId, sub: String(userId) }),
    cpu,
    cpuSince(start) {
      const now = cpu();
      return {
        server: now.server - start.server,
        serverKernel: now.serverKernel - start.serverKernel,
        bench: now.bench - start.bench,
        db: now.db - start.db,
      };
    },
    stop,
  };
}

/**
 * A keep-alive HTTP/1.1 connection that sends prepared requests and reads each answer's status
 * (content-length, or chunked for a streamed answer). Much cheaper per request than node:http's client, so
 * the load generator, which shares the machine with the server and PostgreSQL, takes less of it.
 */
export class LeanConnection {
  private socket: Socket;
  /** The answer being read: its header (once whole), and its bytes so far as received. */
  private head: { status: number; end: number | null } | null = null;
  private chunks: Buffer[] = [];
  private received = 0;
  private waiting: ((status: number) => void) | null = null;
  private ready: Promise<void>;

  constructor(port: number) {
    this.socket = connect({ port, host: '127.0.0.1', noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', () => this.finish(0));
    this.socket.on('close', () => this.finish(0));
  }

  private finish(status: number) {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.(status);
  }

  /**
   * Each chunk is looked at once: the header is read when it is whole, then only the bytes
   * received are counted (content-length) or the newest ones searched for the last, empty chunk
   * (chunked). Joining every chunk to what came before made a 2.8 MB export cost the client
   * ~60 MB of copying and searching, which twenty clients paid on the server's two cores.
   */
  private onData(chunk: Buffer) {
    this.chunks.push(chunk);
    this.received += chunk.length;
    if (!this.head) {
      const all = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
      const headerEnd = all.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = all.subarray(0, headerEnd).toString('latin1');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
      const chunked = length === undefined && /\r\ntransfer-encoding:\s*chunked/i.test(head);
      // A streamed answer (a CSV export) ends with the last, empty chunk: its end is found as it comes.
      this.head = { status: Number(head.slice(9, 12)), end: chunked ? null : headerEnd + 4 + Number(length ?? 0) };
      this.chunks = [all];
      if (chunked) {
        const last = all.indexOf('\r\n0\r\n\r\n', headerEnd);
        if (last >= 0) this.head.end = last + 7;
      }
    } else if (this.head.end === null) {
      // The terminator may straddle two chunks: search the new chunk with the previous one's last bytes.
      const before = this.chunks.length > 1 ? this.chunks[this.chunks.length - 2]! : Buffer.alloc(0);
      const tail = before.subarray(Math.max(0, before.length - 6));
      const last = Buffer.concat([tail, chunk]).indexOf('\r\n0\r\n\r\n');
      if (last >= 0) this.head.end = this.received - chunk.length - tail.length + last + 7;
    }
    if (this.head.end === null || this.received < this.head.end) return;
    // One request at a time on a connection: anything past the end belongs to no answer.
    const status = this.head.status;
    this.head = null;
    this.chunks = [];
    this.received = 0;
    this.finish(status);
  }

  /** Sends one request (a whole HTTP/1.1 message) and answers the response's status; 0 on a broken connection. */
  async send(request: Buffer | string): Promise<number> {
    await this.ready;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(request);
    });
  }

  close() {
    this.socket.destroy();
  }
}

/** One HTTP/1.1 request as bytes. */
export function httpRequest(method: string, pathAndQuery: string, headers: Record<string, string>, body = '') {
  const lines = [`${method} ${pathAndQuery} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
