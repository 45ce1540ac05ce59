import { eq, sql } from 'drizzle-orm';
import { lockedMessage } from '@fourfour/shared/auth';
import { LOCKOUT_DURATION_MINUTES, LOCKOUT_MAX_FAILURES, LOCKOUT_WINDOW_MINUTES } from '@fourfour/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { loginLockouts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Sign-in lockout, counted per normalised email address whether or not an account exists, so the
 * answers never tell which addresses are registered. 5 failures within 15 minutes lock sign-in for
 * 15 minutes. Not lifted by RATE_LIMIT=off.
 */

export function lockedError(lockedUntil: Date, now = new Date()): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return new AppError('ACCOUNT_LOCKED', 423, lockedMessage(minutes), undefined, {
    retryAfterMinutes: minutes,
  });
}

/** Throws 423 while the address is locked. */
export async function assertNotLocked(db: DbOrTx, email: string): Promise<void> {
  const [row] = await db
    .select({ lockedUntil: loginLockouts.lockedUntil })
    .from(loginLockouts)
    .where(eq(loginLockouts.email, email));
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) throw lockedError(row.lockedUntil);
}

/**
 * Counts one failure in a single upsert (safe under concurrent attempts) and answers the lock's end
 * when this failure reached the limit.
 */
export async function recordLoginFailure(db: DbOrTx, email: string): Promise<Date | null> {
  const window = sql.raw(`interval '${LOCKOUT_WINDOW_MINUTES} minutes'`);
  const duration = sql.raw(`interval '${LOCKOUT_DURATION_MINUTES} minutes'`);
  const [row] = await db
    .insert(loginLockouts)
    .values({ email, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginLockouts.email,
      set: {
        failures: sql`CASE WHEN ${loginLockouts.windowStartedAt} <= now() - ${window}
          OR (${loginLockouts.lockedUntil} IS NOT NULL AND ${loginLockouts.lockedUntil} <= now())
          THEN 1 ELSE ${loginLockouts.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${loginLockouts.windowStartedAt} <= now() - ${window}
          OR (${loginLockouts.lockedUntil} IS NOT NULL AND ${loginLockouts.lockedUntil} <= now())
          THEN now() ELSE ${loginLockouts.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${loginLockouts.lockedUntil} IS NOT NULL AND ${loginLockouts.lockedUntil} <= now()
          THEN NULL ELSE ${loginLockouts.lockedUntil} END`,
      },
    })
    .returning({ failures: loginLockouts.failures });
  if ((row?.failures ?? 0) < LOCKOUT_MAX_FAILURES) return null;
  const [locked] = await db
    .update(loginLockouts)
    .set({ lockedUntil: sql`now() + ${duration}` })
    .where(eq(loginLockouts.email, email))
    .returning({ lockedUntil: loginLockouts.lockedUntil });
  return locked?.lockedUntil ?? null;
}

/** A successful sign-in or a password reset starts the count again. */
export async function clearLoginFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.email, email));
}
