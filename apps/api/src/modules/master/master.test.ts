import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_MESSAGES, type MasterUserRow, SORT_MESSAGE } from '@fourfour/shared/master';
import { auditLog, users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeMember } from '../tickets/tickets.test-kit.ts';

describe('master users and roles', () => {
  let t: TestApp;
  let master: TestUser;
  let admin: TestUser;
  let fan: TestUser;
  const tag = `m${Date.now().toString(36)}`;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    master = await createUser(t.app, { role: 'MASTER' });
    admin = await createUser(t.app, { role: 'ADMIN' });
    fan = await createUser(t.app);
    // 25 searchable users: tag_00 … tag_24
    for (let i = 0; i < 25; i++) {
      await createUser(t.app, { email: `${tag}_${String(i).padStart(2, '0')}@example.test` });
    }
  });
  afterAll(async () => t?.close());

  const listUsers = (query: string, user: TestUser | null = master) =>
    t.app.inject({ url: `/api/master/users?${query}`, headers: user?.headers });
  const changeRole = (id: number, role: unknown, user: TestUser | null = master) =>
    t.app.inject({ method: 'PATCH', url: `/api/master/users/${id}/role`, headers: user?.headers, payload: { role } });

  describe('the users table', () => {
    it('pages newest first by default (id desc, page from 0, size 20) with the spec’s row fields only', async () => {
      const res = await listUsers('');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.size).toBe(20);
      expect(body.page).toBe(0);
      expect(body.content).toHaveLength(20);
      expect(body.totalElements).toBe(28);
      expect(body.totalPages).toBe(2);
      const ids = body.content.map((u: MasterUserRow) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(Object.keys(body.content[0]).sort()).toEqual(
        ['deleted', 'email', 'id', 'role', 'subscriptionActive', 'subscriptionTier', 'username'].sort(),
      );
      const second = (await listUsers('page=1&size=20')).json();
      expect(second.content).toHaveLength(8);
    });

    it('accepts page sizes 10, 20, 50 and 100 only', async () => {
      for (const size of [10, 20, 50, 100]) expect((await listUsers(`size=${size}`)).statusCode).toBe(200);
      for (const size of ['15', '0', '-10', '1000', 'ten']) {
        const res = await listUsers(`size=${size}`);
        expect(res.statusCode).toBe(400);
      }
      expect((await listUsers('size=15')).json().message).toBe(MASTER_MESSAGES.pageSize);
      expect((await listUsers('page=-1')).statusCode).toBe(400);
    });

    it('sorts by whitelisted fields in both directions', async () => {
      const emails = (await listUsers(`sort=email,ASC&email=${tag}&size=50`))
        .json()
        .content.map((u: MasterUserRow) => u.email);
      expect(emails).toHaveLength(25);
      expect(emails).toEqual([...emails].sort());
      const desc = (await listUsers(`sort=email,DESC&email=${tag}&size=10`)).json().content;
      expect(desc[0].email).toBe(`${tag}_24@example.test`);
      const byRole = (await listUsers('sort=role,ASC&size=100')).json().content.map((u: MasterUserRow) => u.role);
      expect(byRole).toEqual([...byRole].sort());
      for (const field of ['id', 'username', 'subscriptionTier', 'subscriptionActive', 'deleted']) {
        expect((await listUsers(`sort=${field},desc`)).statusCode).toBe(200);
      }
    });

    it('refuses unknown sort fields and SQL in sort without touching the data', async () => {
      for (const sort of [
        'password_hash,ASC',
        'passwordHash,DESC',
        'email',
        'email,UP',
        'id;DROP TABLE users,ASC',
        'id,ASC;DROP TABLE users',
        '(SELECT 1),ASC',
        'id desc, email,ASC',
        "email' OR '1'='1,ASC",
      ]) {
        const res = await listUsers(`sort=${encodeURIComponent(sort)}`);
        expect(res.statusCode, sort).toBe(400);
        expect(res.json().message).toBe(SORT_MESSAGE);
      }
      expect((await listUsers('')).json().totalElements).toBe(28);
    });

    it('pages a search to its last page, each match once, in the order asked', async () => {
      const all = (await listUsers(`email=${tag}&sort=id,DESC&size=50`)).json();
      const ids: number[] = [];
      for (let page = 0; page < 3; page++) {
        const res = (await listUsers(`email=${tag.toUpperCase()}&sort=id,DESC&size=10&page=${page}`)).json();
        expect(res.totalElements).toBe(25);
        expect(res.totalPages).toBe(3);
        ids.push(...res.content.map((u: MasterUserRow) => u.id));
      }
      expect(ids).toEqual(all.content.map((u: MasterUserRow) => u.id));
      expect(new Set(ids).size).toBe(25);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('answers the same rows page by page as in one page, in either direction, an account without an email last', async () => {
      const gone = await createUser(t.app);
      await t.app.db.update(users).set({ deleted: true, email: null }).where(eq(users.id, gone.id));
      for (const sort of ['email,ASC', 'email,DESC', 'id,ASC']) {
        const whole = (await listUsers(`sort=${sort}&size=100`)).json();
        const paged: number[] = [];
        for (let page = 0; page < whole.totalElements / 10; page++) {
          paged.push(
            ...(await listUsers(`sort=${sort}&size=10&page=${page}`)).json().content.map((u: MasterUserRow) => u.id),
          );
        }
        expect(paged, sort).toEqual(whole.content.map((u: MasterUserRow) => u.id));
        expect(whole.content.at(-1).id, sort).toBe(gone.id);
      }
    });

    it('searches emails by substring, case-insensitively, with wildcards taken literally', async () => {
      const found = (await listUsers(`email=${tag.toUpperCase()}_1&size=50`)).json();
      expect(found.totalElements).toBe(10);
      expect((await listUsers(`email=${encodeURIComponent('%')}`)).json().totalElements).toBe(0);
      expect((await listUsers(`email=${encodeURIComponent(`${tag}__1`)}`)).json().totalElements).toBe(0);
      const injected = await listUsers(`email=${encodeURIComponent("' OR 1=1 --")}`);
      expect(injected.statusCode).toBe(200);
      expect(injected.json().content).toEqual([]);
    });

    it('shows subscription state and deleted accounts', async () => {
      const member = await createUser(t.app);
      await makeMember(t.app, member.id, 'MIDDLE');
      const gone = await createUser(t.app);
      await t.app.db.update(users).set({ deleted: true, email: null }).where(eq(users.id, gone.id));
      const rows: MasterUserRow[] = (await listUsers('size=10')).json().content;
      expect(rows.find((u) => u.id === member.id)).toMatchObject({
        subscriptionActive: true,
        subscriptionTier: 'MIDDLE',
        deleted: false,
      });
      expect(rows.find((u) => u.id === gone.id)).toMatchObject({ email: null, deleted: true });
      const active = (await listUsers('sort=subscriptionActive,DESC&size=10')).json().content;
      expect(active[0].id).toBe(member.id);
    });

    it('is for a MASTER only, with the spec’s 403 message', async () => {
      for (const user of [admin, fan]) {
        const res = await listUsers('', user);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MASTER_MESSAGES.mustBeMaster);
      }
      expect((await listUsers('', null)).statusCode).toBe(401);
    });
  });

  describe('role changes', () => {
    it('promotes a user to AFFILIATE, effective on their next request without signing them out, and audits it', async () => {
      const user = await createUser(t.app);
      const stats = () => t.app.inject({ url: '/api/affiliate/stats', headers: user.headers });
      expect((await stats()).statusCode).toBe(403);

      const res = await changeRole(user.id, 'AFFILIATE');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, role: 'AFFILIATE' });
      // The same access token, whose claim still says USER: the server reads the role afresh.
      expect((await stats()).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/account/me', headers: user.headers })).json().role).toBe('AFFILIATE');

      expect((await changeRole(user.id, 'USER')).statusCode).toBe(200);
      expect((await stats()).statusCode).toBe(403);

      const audit = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(user.id))));
      expect(audit.map((a) => [a.action, a.actorId, a.details])).toEqual([
        ['user.role.change', master.id, { from: 'USER', to: 'AFFILIATE' }],
        ['user.role.change', master.id, { from: 'AFFILIATE', to: 'USER' }],
      ]);
    });

    it('assigns USER, EVENT_WORKER, ADMIN and AFFILIATE, never MASTER or an unknown role', async () => {
      const user = await createUser(t.app);
      for (const role of ['EVENT_WORKER', 'ADMIN', 'AFFILIATE', 'USER']) {
        expect((await changeRole(user.id, role)).json().role).toBe(role);
      }
      for (const role of ['MASTER', 'ROOT', '', null, "ADMIN'; --"]) {
        expect((await changeRole(user.id, role)).statusCode).toBe(400);
      }
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.role).toBe('USER');
    });

    it('locks a MASTER’s role (409) and one’s own role (403)', async () => {
      const other = await createUser(t.app, { role: 'MASTER' });
      const locked = await changeRole(other.id, 'USER');
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(MASTER_MESSAGES.masterRoleLocked);
      const own = await changeRole(master.id, 'ADMIN');
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(MASTER_MESSAGES.ownRoleLocked);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, other.id));
      expect(row!.role).toBe('MASTER');
    });

    it('is for a MASTER only; unknown and deleted users are refused', async () => {
      const target = await createUser(t.app);
      const byAdmin = await changeRole(target.id, 'ADMIN', admin);
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe(MASTER_MESSAGES.mustBeMaster);
      expect((await changeRole(target.id, 'ADMIN', fan)).statusCode).toBe(403);
      expect((await changeRole(target.id, 'ADMIN', null)).statusCode).toBe(401);
      expect((await changeRole(999_999_999, 'ADMIN')).statusCode).toBe(404);
      // The role is checked before the body: a caller without it learns nothing from validation.
      expect((await changeRole(target.id, 'NOPE', admin)).statusCode).toBe(403);
      expect((await changeRole(target.id, 'NOPE', null)).statusCode).toBe(401);
      await t.app.db.update(users).set({ deleted: true }).where(eq(users.id, target.id));
      expect((await changeRole(target.id, 'ADMIN')).statusCode).toBe(409);
    });
  });
});
