import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, type AccountView } from '@fourfour/shared/auth';
import { isSubscriptionActive } from '@fourfour/shared/membership-active';
import type { Tx } from '../../db/client.ts';
import { subscriptions, passwordResetTokens, users } from '../../db/schema/index.ts';
import { assertPasswordNotCommon } from '../../lib/common-passwords.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  checkAccountPassword,
  consumeTotpCode,
  type DeviceInfo,
  type IssuedSession,
  revokeAllSessions,
  sendSecurityNotice,
  startSession,
} from '../auth/index.ts';
import { countFreeTicketsUsed, currentYear } from '../tickets/index.ts';
import { confirmAccountPassword } from './confirm-password.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getAccountView(app: FastifyInstance, userId: number): Promise<AccountView> {
  const [u] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)));
  if (!u) throw notFound(AUTH_MESSAGES.noUserInfo);
  return {
    id: u.id,
    email: u.email ?? '',
    username: u.username ?? '',
    role: u.role,
    birthDate: u.birthDate,
    affiliateCode: u.affiliateCode,
    subscriptionTier: u.subscriptionTier,
    subscriptionStatus: u.subscriptionStatus,
    subscriptionActive: isSubscriptionActive(u.subscriptionTier, u.subscriptionStatus, u.subscriptionExpiresAt),
    verificationStatus: u.verificationStatus,
    subscriptionStartDate: iso(u.subscriptionStartDate),
    subscriptionExpiresAt: iso(u.subscriptionExpiresAt),
    stripeCustomerId: u.paymentCustomerId,
    // The spec's field name; the allowance is per calendar year (DESIGN.md), so this is this year's count.
    freeTicketsUsedThisMonth: await countFreeTicketsUsed(
      app.db,
      u.id,
      currentYear(app.config.timezone),
      app.config.timezone,
    ),
    twoFactorEnabled: u.totpEnabled,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * Checks the current password (throttled per account and client address, like sign-in), stores
 * the new one and ends every session, then starts a fresh one for the device that made the change
 * (it just proved the password).
 */
export async function changePassword(
  app: FastifyInstance,
  userId: number,
  currentPassword: string,
  newPassword: string,
  device: DeviceInfo & { clientAddress: string },
): Promise<IssuedSession> {
  const [u] = await app.db.select().from(users).where(eq(users.id, userId));
  const passwordOk =
    u &&
    (await checkAccountPassword(app, {
      userId,
      clientAddress: device.clientAddress,
      passwordHash: u.passwordHash,
      password: currentPassword,
    }));
  if (!u || !passwordOk) {
    throw fieldError('currentPassword', AUTH_MESSAGES.currentPasswordWrong, 400, 'CURRENT_PASSWORD_WRONG');
  }
  assertPasswordNotCommon(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  return app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    const sessionVersion = await revokeAllSessions(tx, userId);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await sendSecurityNotice(app, tx, u.email, 'password-changed');
    return startSession(app, tx, { id: userId, role: u.role, sessionVersion }, { userAgent: device.userAgent });
  });
}

/**
 * Deletes an account as DESIGN.md says: the row stays (orders, tickets and payment records point at
 * it) but loses what identifies the person; email, username and affiliate code are freed; every
 * session ends; the other domains' handlers run in the same transaction. It needs the password,
 * and a current code when 2FA is on, so a stolen access token alone cannot delete anyone.
 */
export async function deleteAccount(
  app: FastifyInstance,
  userId: number,
  confirmation: { password: string; code?: string | undefined },
  clientAddress: string,
): Promise<void> {
  const [u] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)));
  if (!u) throw notFound(AUTH_MESSAGES.noUserInfo);
  await confirmAccountPassword(app, u, confirmation.password, clientAddress);
  if (u.totpEnabled) {
    if (!confirmation.code) throw fieldError('code', AUTH_MESSAGES.totpFormat, 400, 'TOTP_REQUIRED');
    if (!(await consumeTotpCode(app, app.db, u, confirmation.code))) {
      throw fieldError('code', AUTH_MESSAGES.totpInvalid, 400, 'TOTP_INVALID');
    }
  }
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: null,
        username: null,
        // Not a hash of anything: no password can match it.
        passwordHash: '!deleted',
        birthDate: '1900-01-01',
        emailVerifiedAt: null,
        verifyCodeHash: null,
        verifyCodeExpiresAt: null,
        verifyCodeSentAt: null,
        totpSecretEnc: null,
        totpEnabled: false,
        totpLastStep: null,
        affiliateCode: null,
        deleted: true,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    // Other modules react in this transaction (DomainEvents['account.deleted']); one that throws aborts it.
    await app.domainEvents.emit('account.deleted', { userId, tx });
  });
}

/**
 * The account module's own reaction to its deletion: the subscription runs to the end of the period
 * already paid and does not renew. This marks it; the subscriptions module's reaction tells the
 * payment provider.
 */
export async function markSubscriptionEndsWithPeriod(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(subscriptions)
    // As the provider's mapping has it: a running plan with a cancellation scheduled is CANCELLED.
    .set({
      cancelAtPeriodEnd: true,
      status: sql`CASE WHEN ${subscriptions.status} = 'ACTIVE' THEN 'CANCELLED' ELSE ${subscriptions.status} END`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['ACTIVE', 'FAILED'])));
  await tx
    .update(users)
    .set({ subscriptionStatus: 'CANCELLED' })
    .where(and(eq(users.id, userId), eq(users.subscriptionStatus, 'ACTIVE')));
}
