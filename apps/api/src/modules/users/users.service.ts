import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@fourfour/shared/enums';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { revokeAllSessions } from '../auth/index.ts';

/** Emails are compared trimmed and lower-cased everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewUser {
  email: string;
  username: string;
  password: string;
  birthDate: string;
  role?: Role;
  /** Email already verified (CLI, bootstrap, demo data). */
  verified?: boolean;
}

export async function createUser(db: DbOrTx, input: NewUser) {
  const [row] = await db
    .insert(users)
    .values({
      email: normaliseEmail(input.email),
      username: input.username.trim(),
      passwordHash: await hashPassword(input.password),
      birthDate: input.birthDate,
      role: input.role ?? 'USER',
      emailVerifiedAt: input.verified ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, normaliseEmail(email)), eq(users.deleted, false)));
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username.trim()})`);
  return row;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/**
 * What start-up did with MASTER_EMAIL/MASTER_PASSWORD: `exists` (a live MASTER was already there),
 * `created`, `promoted`, or `refused` with the reason an existing account was not promoted.
 */
export type MasterBootstrapResult =
  | { outcome: 'exists' | 'created' }
  | { outcome: 'promoted'; userId: number }
  | { outcome: 'refused'; userId: number; reason: 'unverified' | 'disabled' | 'password' };

/**
 * MASTER_EMAIL/MASTER_PASSWORD: when no live MASTER exists, create that verified MASTER. An
 * account that already holds the email is promoted only if its address is verified, it is not
 * disabled and its own password verifies against MASTER_PASSWORD (so an account someone else
 * registered with that address never becomes MASTER); a promotion ends all its sessions, so
 * nothing signed in before the promotion carries the new role. Safe with several instances
 * starting at once: the insert is skipped if the email is taken meanwhile, and the promotion runs
 * in one transaction.
 */
export async function bootstrapMaster(db: DbOrTx, email: string, password: string): Promise<MasterBootstrapResult> {
  const [master] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'MASTER'), eq(users.deleted, false), isNull(users.deletedAt)))
    .limit(1);
  if (master) return { outcome: 'exists' };
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.emailVerifiedAt) return { outcome: 'refused', userId: existing.id, reason: 'unverified' };
    if (existing.disabled) return { outcome: 'refused', userId: existing.id, reason: 'disabled' };
    if (!(await verifyPassword(existing.passwordHash, password))) {
      return { outcome: 'refused', userId: existing.id, reason: 'password' };
    }
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'MASTER', updatedAt: sql`now()` }).where(eq(users.id, existing.id));
      await revokeAllSessions(tx, existing.id);
    });
    return { outcome: 'promoted', userId: existing.id };
  }
  const base =
    normaliseEmail(email)
      .split('@')[0]
      ?.replace(/[^A-Za-z0-9_]/g, '')
      .slice(0, 24) || 'master';
  let username = base.length >= 3 ? base : `${base}_master`;
  if (await findUserByUsername(db, username)) username = `${username.slice(0, 23)}_${Math.floor(Math.random() * 1e6)}`;
  await createUser(db, { email, username, password, birthDate: '1990-01-01', role: 'MASTER', verified: true });
  return { outcome: 'created' };
}
