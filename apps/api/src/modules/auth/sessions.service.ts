import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_DAYS, SESSION_MAX_AGE_DAYS } from '@fourfour/shared/constants';
import type { Role } from '@fourfour/shared/enums';
import type { AuthUser } from '@fourfour/shared/auth';
import type { DbOrTx } from '../../db/client.ts';
import { authUserOf } from '../../db/live-account.ts';
import { refreshTokens, sessions, users } from '../../db/schema/index.ts';
import { deriveKey, randomToken, sha256 } from '../../lib/crypto.ts';

/**
 * Sessions: one per signed-in device (the `sessions` row), started by a password sign-in. Its id
 * is the refresh-token family and the access tokens' `sid`; every request checks it is still live
 * (db/live-account.ts), so ending it (logout, "sign out" from the devices list, a password change,
 * a detected token theft) ends the device's access token too, at once and on every instance.
 *
 * Refresh tokens: opaque, 256 random bits, stored as SHA-256. Each refresh rotates the token;
 * presenting a token that was already rotated revokes its session, except within 10 seconds of the
 * rotation, when it answers with the same successor (a response lost on a bad connection, or two
 * tabs refreshing at once). The successor is derived from the old token with a keyed HMAC, so it
 * can be handed out again without ever storing a token in clear. A token lives 7 days, and never
 * past the session's end: 30 days after its password sign-in, however often it refreshes.
 */

/** How far the grace path follows a chain of rotations made within the grace period. */
const MAX_CHAIN = 5;
/** The User-Agent kept to name the device in the list: enough for any real browser. */
const USER_AGENT_MAX = 256;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A refresh token's expiry: 7 days from now, but never past the session's absolute end. */
const refreshExpiry = (authenticatedAt: Date) =>
  new Date(Math.min(Date.now() + REFRESH_TOKEN_TTL_DAYS * DAY_MS, sessionEnd(authenticatedAt)));
const sessionEnd = (authenticatedAt: Date) => authenticatedAt.getTime() + SESSION_MAX_AGE_DAYS * DAY_MS;

function successorOf(app: FastifyInstance, token: string): string {
  return createHmac('sha256', deriveKey(app.config.appSecret, 'refresh-successor')).update(token).digest('base64url');
}

export interface SessionUser {
  id: number;
  role: Role;
  sessionVersion: number;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  /** When the refresh token (and so its cookie) expires. */
  refreshExpiresAt: Date;
}

/** The device a sign-in comes from, as the request tells it. */
export interface DeviceInfo {
  userAgent?: string | null;
}

/**
 * A new session for a password sign-in (a login, or the device that just changed its password):
 * its 30 days start now.
 */
export async function startSession(
  app: FastifyInstance,
  db: DbOrTx,
  user: SessionUser,
  device: DeviceInfo = {},
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const [session] = await db
    .insert(sessions)
    .values({ id: sessionId, userId: user.id, userAgent: device.userAgent?.slice(0, USER_AGENT_MAX) || null })
    .returning({ authenticatedAt: sessions.authenticatedAt });
  const refreshToken = randomToken(32);
  const refreshExpiresAt = refreshExpiry(session!.authenticatedAt);
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId: sessionId,
    tokenHash: sha256(refreshToken),
    expiresAt: refreshExpiresAt,
  });
  const { token: accessToken } = await app.accessTokens.sign({ ...user, sessionId });
  return { accessToken, refreshToken, refreshExpiresAt };
}

export type RefreshOutcome =
  | { ok: true; session: IssuedSession & { user: AuthUser } }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'account' };

export async function rotateRefreshToken(app: FastifyInstance, presented: string): Promise<RefreshOutcome> {
  return app.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .leftJoin(sessions, and(eq(sessions.id, refreshTokens.familyId), eq(sessions.userId, refreshTokens.userId)))
      .where(eq(refreshTokens.tokenHash, sha256(presented)));
    if (!found) return { ok: false, reason: 'unknown' } as const;
    const { token: row, session } = found;
    if (row.revokedAt || !session || session.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.expiresAt.getTime() <= Date.now() || sessionEnd(session.authenticatedAt) <= Date.now()) {
      return { ok: false, reason: 'expired' } as const;
    }

    const user = await liveUser(tx, row.userId);
    if (!user) {
      await endSession(tx, row.familyId);
      return { ok: false, reason: 'account' } as const;
    }
    const signAccess = async () => (await app.accessTokens.sign({ ...user, sessionId: session.id })).token;
    const who = authUserOf(user);

    const successor = successorOf(app, presented);
    // Claim the rotation: of two concurrent refreshes, one wins; the other waits for its commit
    // and then takes the grace path below.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 1) {
      const refreshExpiresAt = refreshExpiry(session.authenticatedAt);
      const [next] = await tx
        .insert(refreshTokens)
        .values({
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: sha256(successor),
          expiresAt: refreshExpiresAt,
        })
        .returning({ id: refreshTokens.id });
      await tx.update(refreshTokens).set({ replacedById: next?.id }).where(eq(refreshTokens.id, row.id));
      await tx.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, session.id));
      await tx.update(users).set({ lastActiveAt: sql`now()` }).where(eq(users.id, user.id));
      return {
        ok: true,
        session: { accessToken: await signAccess(), refreshToken: successor, refreshExpiresAt, user: who },
      } as const;
    }

    // Already rotated: inside the grace period, hand out the live head of the chain again.
    const [current] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
    const rotatedAt = current?.rotatedAt;
    if (
      current &&
      !current.revokedAt &&
      rotatedAt &&
      Date.now() - rotatedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000
    ) {
      let token = successor;
      for (let i = 0; i < MAX_CHAIN; i++) {
        const [link] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(token)));
        if (!link || link.revokedAt) break;
        if (!link.rotatedAt) {
          return {
            ok: true,
            session: {
              accessToken: await signAccess(),
              refreshToken: token,
              refreshExpiresAt: link.expiresAt,
              user: who,
            },
          } as const;
        }
        token = successorOf(app, token);
      }
    }
    // A rotated token presented again: someone holds a copy. End the whole session.
    await endSession(tx, row.familyId);
    return { ok: false, reason: 'reused' } as const;
  });
}

async function liveUser(db: DbOrTx, userId: number): Promise<(SessionUser & AuthUser) | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      role: users.role,
      sessionVersion: users.sessionVersion,
      disabled: users.disabled,
      deleted: users.deleted,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.disabled || user.deleted) return null;
  return { ...authUserOf(user), sessionVersion: user.sessionVersion };
}

/** Ends one session: its row (so its access tokens stop working) and its refresh tokens. */
async function endSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Logout: ends the session of the presented refresh token (if it is one of ours). */
export async function endSessionByToken(db: DbOrTx, presented: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await endSession(db, row.familyId);
}

/**
 * "Sign out" of one of the user's devices. False when the user has no live session of that id
 * (another user's, an unknown one, or one already ended): nothing changes.
 */
export async function endUserSession(db: DbOrTx, userId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return false;
  await endSession(db, sessionId);
  return true;
}

/** "Sign out everywhere else": ends every session of the user but `keepSessionId`. */
export async function endOtherSessions(db: DbOrTx, userId: number, keepSessionId: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(
          refreshTokens.familyId,
          ended.map((s) => s.id),
        ),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/**
 * Ends every session of a user: session rows and refresh tokens revoked and the session version
 * bumped, so access tokens already issued stop working on their next request. Password change,
 * reset, deletion.
 */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<number> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? 0;
}
