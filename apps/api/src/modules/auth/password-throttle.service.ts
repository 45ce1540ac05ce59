import { normalizeIP } from '@fastify/rate-limit';
import { and, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lockedMessage, passwordThrottledMessage, signInThrottledMessage } from '@fourfour/shared/auth';
import {
  LOCKOUT_DURATION_MINUTES,
  LOCKOUT_MAX_FAILURES,
  LOCKOUT_WINDOW_MINUTES,
  THROTTLE_FREE_FAILURES,
  THROTTLE_MAX_WAIT_MINUTES,
  THROTTLE_QUIET_RESET_MINUTES,
} from '@fourfour/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';

/**
 * Password throttling, one rule for every place that checks a password (sign-in, and the account
 * page's change password, 2FA and deletion). Failures count twice, in auth_throttles:
 * - per (email or account, client address): the first 3 are free, then each further failure makes
 *   that address wait, doubling from 1 second up to 15 minutes (429 with the seconds left). Another
 *   address is not slowed, so an attacker cannot lock the owner out from afar.
 * - per email or account, from every address: 50 failures in an hour lock it for 15 minutes (423,
 *   the spec's locked answer), against guessing spread over many addresses.
 * Sign-in counts unknown addresses exactly like real ones (no enumeration). Not lifted by
 * RATE_LIMIT=off: this is a rule of the service, not a request limit.
 */

export interface ThrottleKeys {
  /** The (subject, client address) key: growing waits. */
  perAddress: string;
  /** The subject's key from every address: the ceiling. */
  perSubject: string;
  kind: 'sign-in' | 'password';
}

/** IPv6 clients count per /64 (one customer's network), as the per-IP rate limits do. */
const clientKey = (clientAddress: string | undefined) => (clientAddress ? normalizeIP(clientAddress) : 'unknown');

/** Sign-in: per normalised email address, whether or not an account has it. */
export function signInThrottleKeys(email: string, clientAddress: string): ThrottleKeys {
  return { perAddress: `login:${email}|${clientKey(clientAddress)}`, perSubject: `login:${email}`, kind: 'sign-in' };
}

/** A password asked again on the account page: per account (ids are never reused). */
export function accountThrottleKeys(userId: number, clientAddress: string): ThrottleKeys {
  return {
    perAddress: `account:${userId}|${clientKey(clientAddress)}`,
    perSubject: `account:${userId}`,
    kind: 'password',
  };
}

const waitError = (keys: ThrottleKeys, seconds: number) =>
  new AppError(
    'TOO_MANY_ATTEMPTS',
    429,
    keys.kind === 'sign-in' ? signInThrottledMessage(seconds) : passwordThrottledMessage(seconds),
    undefined,
    { retryAfterSeconds: seconds },
  );

const lockedError = (keys: ThrottleKeys, seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    'ACCOUNT_LOCKED',
    423,
    keys.kind === 'sign-in' ? lockedMessage(minutes) : passwordThrottledMessage(minutes * 60),
    undefined,
    { retryAfterMinutes: minutes },
  );
};

/** Throws 423 while the subject is locked, 429 while this address must wait; otherwise nothing. */
export async function assertPasswordAttemptAllowed(db: DbOrTx, keys: ThrottleKeys): Promise<void> {
  const rows = await db
    .select({
      key: authThrottles.key,
      // The database's clock decides, as it set the time: instances may disagree by a second.
      secondsLeft: sql<number>`ceil(extract(epoch from (${authThrottles.blockedUntil} - now())))::int`,
    })
    .from(authThrottles)
    .where(
      and(inArray(authThrottles.key, [keys.perAddress, keys.perSubject]), gt(authThrottles.blockedUntil, sql`now()`)),
    );
  const locked = rows.find((r) => r.key === keys.perSubject);
  if (locked) throw lockedError(keys, Math.max(1, Number(locked.secondsLeft)));
  const waiting = rows.find((r) => r.key === keys.perAddress);
  if (waiting) throw waitError(keys, Math.max(1, Number(waiting.secondsLeft)));
}

const raw = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * Counts one failure under both keys, each in a single upsert (safe under concurrent attempts).
 * Answers the 423 to give when this failure reached the ceiling, else null (the caller answers its
 * own "wrong password"; the next attempt from this address meets the wait).
 */
export async function recordPasswordFailure(db: DbOrTx, keys: ThrottleKeys): Promise<AppError | null> {
  const t = authThrottles;
  const quiet = sql`(${t.lastFailureAt} IS NULL OR ${t.lastFailureAt} <= now() - make_interval(mins => ${raw(THROTTLE_QUIET_RESET_MINUTES)}))`;
  const failures = sql`(CASE WHEN ${quiet} THEN 1 ELSE ${t.failures} + 1 END)`;
  const wait = (n: SQL) =>
    sql`CASE WHEN ${n} > ${raw(THROTTLE_FREE_FAILURES)} THEN now() + make_interval(secs => LEAST(${raw(
      THROTTLE_MAX_WAIT_MINUTES * 60,
    )}, power(2, ${n} - ${raw(THROTTLE_FREE_FAILURES + 1)}))) END`;
  await db
    .insert(t)
    .values({
      key: keys.perAddress,
      failures: 1,
      windowStartedAt: sql`now()`,
      lastFailureAt: sql`now()`,
      blockedUntil: wait(sql`1`),
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures,
        windowStartedAt: sql`CASE WHEN ${quiet} THEN now() ELSE ${t.windowStartedAt} END`,
        lastFailureAt: sql`now()`,
        blockedUntil: wait(failures),
      },
    });

  const expired = sql`(${t.windowStartedAt} <= now() - make_interval(mins => ${raw(LOCKOUT_WINDOW_MINUTES)})
    OR (${t.blockedUntil} IS NOT NULL AND ${t.blockedUntil} <= now()))`;
  const count = sql`(CASE WHEN ${expired} THEN 1 ELSE ${t.failures} + 1 END)`;
  const [ceiling] = await db
    .insert(t)
    .values({ key: keys.perSubject, failures: 1, windowStartedAt: sql`now()`, lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: count,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${t.windowStartedAt} END`,
        lastFailureAt: sql`now()`,
        blockedUntil: sql`CASE WHEN ${count} >= ${raw(LOCKOUT_MAX_FAILURES)}
          THEN now() + make_interval(mins => ${raw(LOCKOUT_DURATION_MINUTES)})
          WHEN ${expired} THEN NULL ELSE ${t.blockedUntil} END`,
      },
    })
    .returning({ failures: t.failures });
  return (ceiling?.failures ?? 0) >= LOCKOUT_MAX_FAILURES ? lockedError(keys, LOCKOUT_DURATION_MINUTES * 60) : null;
}

/** The right password from this address: its count starts again (the subject's ceiling runs on). */
export async function clearPasswordFailures(db: DbOrTx, keys: ThrottleKeys): Promise<void> {
  await db.delete(authThrottles).where(inArray(authThrottles.key, [keys.perAddress]));
}

/** A password reset proves the mailbox: every count for that email address starts again. */
export async function clearSignInFailures(db: DbOrTx, email: string): Promise<void> {
  const subject = `login:${email}`;
  await db
    .delete(authThrottles)
    .where(or(inArray(authThrottles.key, [subject]), sql`starts_with(${authThrottles.key}, ${`${subject}|`})`));
}

/**
 * The account page's password check in one call (change password, 2FA on and off, deletion):
 * refuses while throttled (429/423), verifies, counts a failure or clears the address's count.
 * Answers whether the password is right; the caller answers its own field error when it is not.
 */
export async function checkAccountPassword(
  app: FastifyInstance,
  input: { userId: number; clientAddress: string; passwordHash: string; password: string },
): Promise<boolean> {
  const keys = accountThrottleKeys(input.userId, input.clientAddress);
  await assertPasswordAttemptAllowed(app.db, keys);
  if (await verifyPassword(input.passwordHash, input.password)) {
    await clearPasswordFailures(app.db, keys);
    return true;
  }
  const locked = await recordPasswordFailure(app.db, keys);
  if (locked) throw locked;
  return false;
}

/** Rows nobody will read again: no failure for a day and no wait running. */
export async function sweepPasswordThrottles(db: DbOrTx): Promise<void> {
  await db.execute(sql`DELETE FROM auth_throttles
    WHERE coalesce(last_failure_at, window_started_at) < now() - interval '1 day'
      AND (blocked_until IS NULL OR blocked_until < now())`);
}
