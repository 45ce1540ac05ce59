import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AssignableRole, SubscriptionStatus } from '@fourfour/shared/enums';
import {
  MASTER_MESSAGES,
  MASTER_USER_SORT,
  type MasterUserRow,
  type MasterUsersPage,
  roleChangeLock,
} from '@fourfour/shared/master';
import { isSubscriptionActive } from '@fourfour/shared/membership-active';
import { membershipActiveSql } from '../../db/membership-active.ts';
import { auditLog, tierEnum, users } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { defineList, offsetPage } from '../../lib/paging.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { countedAccounts } from './user-counts.ts';

/** The users table: each sort field names a fixed expression; user input never reaches the SQL text. */
const USER_LIST = defineList({
  sort: MASTER_USER_SORT,
  keys: {
    id: { sql: sql`${users.id}`, type: 'bigint' },
    email: { sql: sql`${users.email}`, type: 'text', nullable: true },
    username: { sql: sql`lower(${users.username})`, type: 'text', nullable: true },
    role: { sql: sql`${users.role}::text`, type: 'text' },
    subscriptionTier: { sql: sql`${users.subscriptionTier}`, type: { enum: tierEnum.enumName } },
    // The SQL form of isSubscriptionActive, so the table can sort by it.
    subscriptionActive: { sql: membershipActiveSql(), type: 'boolean' },
    deleted: { sql: sql`${users.deleted}`, type: 'boolean' },
  },
  tieBreaker: sql`${users.id}`,
  search: { columns: [sql`${users.email}`] },
});

const rowColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionExpiresAt: users.subscriptionExpiresAt,
  deleted: users.deleted,
};
interface UserRowSource {
  id: number;
  email: string | null;
  username: string | null;
  role: MasterUserRow['role'];
  subscriptionTier: MasterUserRow['subscriptionTier'];
  subscriptionStatus: SubscriptionStatus;
  subscriptionExpiresAt: Date | null;
  deleted: boolean;
}

function toMasterUserRow(u: UserRowSource): MasterUserRow {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    role: u.role,
    subscriptionActive: isSubscriptionActive(u.subscriptionTier, u.subscriptionStatus, u.subscriptionExpiresAt),
    subscriptionTier: u.subscriptionTier,
    deleted: u.deleted,
  };
}

/** GET /api/master/users: paged, sorted by a whitelisted field, optionally filtered by email. */
export function listUsers(
  app: FastifyInstance,
  query: { page: number; size: number; sort?: string; email?: string },
): Promise<MasterUsersPage> {
  return offsetPage(
    USER_LIST,
    {
      rows: (extra) =>
        app.db
          .select({ ...rowColumns, ...extra })
          .from(users)
          .$dynamic(),
      count: (n) => app.db.select({ n }).from(users).$dynamic(),
      // Every account, deleted ones included, from the maintained counts (user-counts.ts).
      total: () => countedAccounts(app.db),
    },
    { ...query, search: query.email },
    toMasterUserRow,
  );
}

/**
 * PATCH /api/master/users/{id}/role. Nobody changes their own role (403) and a MASTER's role is
 * locked (409). The auth plugin re-reads the role on every request, so the change applies to the
 * target's next call without ending their session. Written to the audit log with the old role.
 */
export async function changeUserRole(
  app: FastifyInstance,
  actor: AuthUser,
  targetId: number,
  role: AssignableRole,
): Promise<MasterUserRow> {
  return app.db.transaction(async (tx) => {
    const [target] = await tx.select(rowColumns).from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw notFound(MASTER_MESSAGES.userNotFound);
    const lock = roleChangeLock(actor, target);
    if (lock === MASTER_MESSAGES.ownRoleLocked) throw new AppError('OWN_ROLE_LOCKED', 403, lock);
    if (lock) throw conflict(lock, 'MASTER_ROLE_LOCKED');
    if (target.deleted) throw conflict(MASTER_MESSAGES.deletedUser, 'USER_DELETED');
    if (target.role === role) return toMasterUserRow(target);

    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(users.id, targetId), sql`${users.role} <> 'MASTER'`))
      .returning(rowColumns);
    if (!updated) throw conflict(MASTER_MESSAGES.masterRoleLocked, 'MASTER_ROLE_LOCKED');
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: 'user.role.change',
      entityType: 'user',
      entityId: String(targetId),
      details: { from: target.role, to: role },
    });
    app.log.info({ actorId: actor.id, targetId, from: target.role, to: role }, 'role changed');
    return toMasterUserRow(updated);
  });
}
