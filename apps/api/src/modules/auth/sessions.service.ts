import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_DAYS } from '@fourfour/shared/constants';
import type { Role } from '@fourfour/shared/enums';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { deriveKey, randomToken, sha256 } from '../../lib/crypto.ts';

/**
 * Refresh tokens: opaque, 256 random bits, stored as SHA-256, one family per sign-in. Each refresh
 * rotates the token; presenting a token that was already rotated revokes its family, except within
 * 10 seconds of the rotation, when it answers with the same successor (a response lost on a bad
 * connection, or two tabs refreshing at once). The successor is derived from the old token with a
 * keyed HMAC, so it can be handed out again without ever storing a token in clear.
 */

const TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
/** How far the grace path follows a chain of rotations made within the grace period. */
const MAX_CHAIN = 5;

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
}

/** A new family: called by a successful sign-in (and after a password change, for this device). */
export async function startSession(app: FastifyInstance, db: DbOrTx, user: SessionUser): Promise<IssuedSession> {
  const refreshToken = randomToken(32);
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  const { token: accessToken } = await app.accessTokens.sign(user);
  return { accessToken, refreshToken };
}

export type RefreshOutcome =
  | { ok: true; session: IssuedSession }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'account' };

export async function rotateRefreshToken(app: FastifyInstance, presented: string): Promise<RefreshOutcome> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)));
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;

    const user = await liveUser(tx, row.userId);
    if (!user) {
      await revokeFamily(tx, row.familyId);
      return { ok: false, reason: 'account' } as const;
    }

    const successor = successorOf(app, presented);
    // Claim the rotation: of two concurrent refreshes, one wins; the other waits for its commit
    // and then takes the grace path below.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 1) {
      const [next] = await tx
        .insert(refreshTokens)
        .values({
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: sha256(successor),
          expiresAt: new Date(Date.now() + TTL_MS),
        })
        .returning({ id: refreshTokens.id });
      await tx.update(refreshTokens).set({ replacedById: next?.id }).where(eq(refreshTokens.id, row.id));
      await tx.update(users).set({ lastActiveAt: sql`now()` }).where(eq(users.id, user.id));
      const { token: accessToken } = await app.accessTokens.sign(user);
      return { ok: true, session: { accessToken, refreshToken: successor } } as const;
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
          const { token: accessToken } = await app.accessTokens.sign(user);
          return { ok: true, session: { accessToken, refreshToken: token } } as const;
        }
        token = successorOf(app, token);
      }
    }
    // A rotated token presented again: someone holds a copy. End the whole family.
    await revokeFamily(tx, row.familyId);
    return { ok: false, reason: 'reused' } as const;
  });
}

async function liveUser(db: DbOrTx, userId: number): Promise<SessionUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      sessionVersion: users.sessionVersion,
      disabled: users.disabled,
      deleted: users.deleted,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.disabled || user.deleted) return null;
  return { id: user.id, role: user.role, sessionVersion: user.sessionVersion };
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: ends the family of the presented token (if it is one of ours). */
export async function endSessionByToken(db: DbOrTx, presented: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(db, row.familyId);
}

/**
 * Ends every session of a user: refresh tokens revoked and the session version bumped, so access
 * tokens already issued stop working on their next request. Password change, reset, deletion.
 */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<number> {
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
