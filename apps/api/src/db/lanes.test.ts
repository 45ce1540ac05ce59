import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, waitFor } from '../../test/helpers.ts';
import type { Database } from './client.ts';
import { LANE_LOCK_TIMEOUT, LOCK_NOT_AVAILABLE, PIPELINE_LANES } from './lanes.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const PROBE = 'SELECT pg_backend_pid() AS pid, nextval($2) AS seq, $1::int AS n';
type Probe = { pid: number; seq: string; n: number };
const probe = (key: number, n: number) => database.onLane<Probe>(key, PROBE, [n, 'lane_probe_seq'], 'lane_probe');

describe.runIf(process.env.DATABASE_URL)('pipelined lanes (PostgreSQL)', () => {
  beforeAll(async () => {
    await database.pool!.query(`
      CREATE SEQUENCE lane_probe_seq;
      CREATE TABLE lane_probe_rows (id int PRIMARY KEY, v int NOT NULL);
      INSERT INTO lane_probe_rows VALUES (1, 0)`);
  });

  it('runs the statements of one key on one connection, in the order they were sent, each answered', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => probe(7, n)));
    const rows = answers.map((a) => a.rows[0]!);
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(new Set(rows.map((r) => r.pid)).size).toBe(1);
    // The database ran them in the order sent: the sequence rises with n.
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Not the pool's connections, and each key picks its lane.
    const pool = await database.pool!.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(rows[0]!.pid).not.toBe(pool.rows[0]!.pid);
    const lanes = await Promise.all(Array.from({ length: PIPELINE_LANES }, (_, key) => probe(key, 0)));
    expect(new Set(lanes.map((a) => a.rows[0]!.pid)).size).toBe(PIPELINE_LANES);
    expect((await probe(7 + PIPELINE_LANES, 0)).rows[0]!.pid).toBe(rows[0]!.pid);
  });

  it('fails only the statement that failed: the ones sent with it are answered', async () => {
    const divide = (d: number) => database.onLane<{ v: number }>(3, 'SELECT 10 / $1::int AS v', [d], 'lane_divide');
    const settled = await Promise.allSettled([divide(1), divide(2), divide(0), divide(5)]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[3] as PromiseFulfilledResult<{ rows: { v: number }[] }>).value.rows[0]!.v).toBe(2);
    expect(((settled[2] as PromiseRejectedResult).reason as { code: string }).code).toBe('22012');
  });

  it('has the app’s session settings, and gives up on a lock after its timeout so the lane goes on', async () => {
    const settings = await database.onLane<{ jit: string; lock: string }>(
      1,
      "SELECT current_setting('jit') AS jit, current_setting('lock_timeout') AS lock",
      [],
      'lane_settings',
    );
    expect(settings.rows[0]).toEqual({ jit: 'off', lock: LANE_LOCK_TIMEOUT });

    const holder = await database.pool!.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM lane_probe_rows WHERE id = 1 FOR UPDATE');
      const started = performance.now();
      const blocked = database
        .onLane(1, 'UPDATE lane_probe_rows SET v = v + 1 WHERE id = 1', [], 'lane_update')
        .catch((err: { code?: string }) => err);
      // Sent behind the blocked statement on the same lane: answered once the lock wait gives up.
      const behind = probe(1, 99).then(() => performance.now() - started);
      expect(((await blocked) as { code?: string }).code).toBe(LOCK_NOT_AVAILABLE);
      expect(await behind).toBeGreaterThanOrEqual(1_900);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    const { rows } = await database.pool!.query('SELECT v FROM lane_probe_rows WHERE id = 1');
    expect(rows[0].v).toBe(0);
  });

  it('opens a lane again after its connection was cut; what was in it fails as unavailable (503)', async () => {
    const before = (await probe(2, 0)).rows[0]!.pid;
    // A statement in the lane when its backend goes: it fails, and as unavailable.
    const inFlight = database
      .onLane(2, 'SELECT pg_sleep(5)', [], 'lane_sleep')
      .then(() => null)
      .catch((err: unknown) => err);
    await waitFor(async () => {
      const { rows } = await database.pool!.query(
        `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'`,
        [before],
      );
      return rows.length > 0;
    });
    await database.pool!.query('SELECT pg_terminate_backend($1)', [before]);
    const cut = await inFlight;
    expect(cut).not.toBeNull();
    expect(isDatabaseUnavailable(cut)).toBe(true);
    const failures: unknown[] = [];
    const after = await waitFor(async () => {
      try {
        return (await probe(2, 1)).rows[0]!.pid;
      } catch (err) {
        failures.push(err);
        return undefined;
      }
    });
    expect(after).not.toBe(before);
    expect(failures.every(isDatabaseUnavailable)).toBe(true);
  });
});
