import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { evaluateSql } from '../../test/sql-expression.ts';
import type { Database } from './client.ts';
import { isLiveAccount, liveAccount, liveSession } from './live-account.ts';
import { sessions, users } from './schema/index.ts';

let database: Database;
let stranger: number;
const addUser = async (state: { deleted?: boolean; disabled?: boolean; sessionVersion?: number } = {}) =>
  (
    await database.db
      .insert(users)
      .values({ passwordHash: 'x', birthDate: '1990-01-01', ...state })
      .returning({ id: users.id })
  )[0]!.id;

beforeAll(async () => {
  database = await createTestDatabase();
  stranger = await addUser();
});
afterAll(() => database?.close());

/** An account, the session its token names (or none), and the token's claims. */
const accountCase = fc.record({
  deleted: fc.boolean(),
  disabled: fc.boolean(),
  sessionVersion: fc.integer({ min: 0, max: 2 }),
  claimedVersion: fc.integer({ min: 0, max: 2 }),
  session: fc.constantFrom('live', 'signed-out', 'someone-else', 'none'),
});

describe('the account is live', () => {
  it('is decided the same by SQL (live_account: hold, door) and by TypeScript (auth plugin) for any account and session', async () => {
    await fc.assert(
      fc.asyncProperty(accountCase, async (c) => {
        const userId = await addUser({ deleted: c.deleted, disabled: c.disabled, sessionVersion: c.sessionVersion });
        const sessionId = randomUUID();
        if (c.session !== 'none') {
          await database.db.insert(sessions).values({
            id: sessionId,
            userId: c.session === 'someone-else' ? stranger : userId,
            revokedAt: c.session === 'signed-out' ? new Date() : null,
          });
        }
        const inSql = await evaluateSql<boolean>(
          database,
          sql`EXISTS (${liveAccount(sql`${userId}`, sql`${c.claimedVersion}`, sql`${sessionId}`)})`,
        );
        // The auth plugin's read: the account's columns and liveSession, judged by isLiveAccount.
        const [row] = await database.db
          .select({
            deleted: users.deleted,
            disabled: users.disabled,
            sessionVersion: users.sessionVersion,
            sessionLive: liveSession(sql`${sessionId}`),
          })
          .from(users)
          .where(eq(users.id, userId));
        expect(inSql).toBe(isLiveAccount(row, { sessionVersion: c.claimedVersion }));
        expect(inSql).toBe(!c.deleted && !c.disabled && c.sessionVersion === c.claimedVersion && c.session === 'live');
      }),
      { numRuns: 150 },
    );
  });

  it('has no live account for an unknown user, on both sides', async () => {
    const unknown = sql`${-1}`;
    expect(
      await evaluateSql<boolean>(database, sql`EXISTS (${liveAccount(unknown, sql`${0}`, sql`${randomUUID()}`)})`),
    ).toBe(false);
    expect(isLiveAccount(undefined, { sessionVersion: 0 })).toBe(false);
  });
});
