import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SESSION_MAX_AGE_DAYS } from '@fourfour/shared/constants';
import { SESSION_MESSAGES, type SignedInDevice } from '@fourfour/shared/sessions';
import { sessions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { endOtherSessions, endUserSession } from '../auth/index.ts';

/**
 * The account's signed-in devices: its live sessions (auth/sessions.service.ts), named from the
 * User-Agent each sign-in sent. Every call acts on the caller's own sessions only.
 */

/** "Chrome on Android", "Safari on iOS", "curl"; "Unknown browser" when the User-Agent names none. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return 'Unknown browser';
  return os.name ? `${browser.name} on ${os.name}` : browser.name;
}

/**
 * The sessions that can still be used: not signed out, within 30 days of their sign-in and with a
 * refresh token not yet expired (a device unused for 7 days is signed out by itself). This device
 * first, then the most recently used.
 */
export async function listDevices(app: FastifyInstance, userId: number, currentId: string): Promise<SignedInDevice[]> {
  const rows = await app.db
    .select({
      id: sessions.id,
      createdAt: sessions.authenticatedAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.authenticatedAt, sql`now() - make_interval(days => ${SESSION_MAX_AGE_DAYS})`),
        or(
          eq(sessions.id, currentId),
          sql`EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = ${sessions.id} AND r.revoked_at IS NULL AND r.expires_at > now())`,
        ),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
  return rows
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      browser: deviceName(row.userAgent),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the caller's devices out; 404 for an id that is not a live session of theirs. */
export async function signOutDevice(app: FastifyInstance, userId: number, sessionId: string): Promise<void> {
  if (!(await endUserSession(app.db, userId, sessionId))) throw notFound(SESSION_MESSAGES.notFound);
}

/** Signs every other device of the caller out; this one stays signed in. */
export async function signOutOtherDevices(app: FastifyInstance, userId: number, currentId: string): Promise<void> {
  await endOtherSessions(app.db, userId, currentId);
}
