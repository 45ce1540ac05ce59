import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rowsOf } from '../affiliates/index.ts';
import { countedUsersByRole, rollUpUserCounts } from './user-counts.ts';

/** The maintained accounts-per-role counts (issue 19) equal a count of the users at every step. */
describe('accounts per role', () => {
  let t: TestApp;
  let master: TestUser;

  const direct = async () =>
    rowsOf<{ role: string; n: number }>(
      await t.app.db.execute(
        sql`SELECT role::text AS role, count(*)::int AS n FROM users WHERE NOT deleted GROUP BY role ORDER BY role`,
      ),
    );
  const counted = async () =>
    ((await countedUsersByRole(t.app.db)) ?? []).filter((r) => r.n !== 0).sort((a, b) => a.role.localeCompare(b.role));
  const allAccounts = async () =>
    Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM users`))[0]!.n);
  const listedTotal = async () =>
    (await t.app.inject({ url: '/api/master/users?page=0&size=10', headers: master.headers })).json()
      .totalElements as number;
  const shown = async () =>
    (await t.app.inject({ url: '/api/master/stats', headers: master.headers })).json().usersByRole as unknown[];

  beforeAll(async () => {
    // No job workers: the counts are built and folded only when a test says so.
    t = await createTestApp({ env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
    master = await createUser(t.app, { role: 'MASTER' });
    await createUser(t.app, { role: 'ADMIN' });
    await createUser(t.app);
    await createUser(t.app);
  });
  afterAll(async () => t?.close());

  it('reads the users until built, then the same figures from the counts', async () => {
    expect(await countedUsersByRole(t.app.db)).toBeNull();
    const before = await shown();
    expect(await rollUpUserCounts(t.app.db)).toBe('built');
    expect(await counted()).toEqual(await direct());
    expect(await shown()).toEqual(before);
  });

  it('follows sign-ups, role changes and deletions before and after folding', async () => {
    const fan = await createUser(t.app);
    await createUser(t.app, { role: 'AFFILIATE' });
    await t.app.db.update(users).set({ role: 'EVENT_WORKER' }).where(eq(users.id, fan.id));
    const gone = await createUser(t.app);
    await t.app.db.update(users).set({ deleted: true, email: null }).where(eq(users.id, gone.id));
    await t.app.db.update(users).set({ deleted: true }).where(eq(users.id, gone.id)); // no change: no row
    expect(await counted()).toEqual(await direct());
    // The master's user list totals every account, the deleted one too, from the same counts.
    expect(await listedTotal()).toBe(await allAccounts());
    expect(await rollUpUserCounts(t.app.db)).toBe('folded');
    expect(await counted()).toEqual(await direct());
    expect(await listedTotal()).toBe(await allAccounts());
    await createUser(t.app);
    expect(await listedTotal()).toBe(await allAccounts());
    expect(await rollUpUserCounts(t.app.db)).toBe('folded');
    const rows = rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM user_role_counts`));
    expect(Number(rows[0]!.n)).toBe((await direct()).length + 1); // and one for the deleted accounts
  });
});
