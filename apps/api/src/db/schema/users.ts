import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roleEnum, subscriptionStatusEnum, tierEnum, verificationStatusEnum } from './enums.ts';
import { xid8 } from './xid8.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Normalised (trimmed, lower-case). Null once the account is deleted, which frees it. */
    email: text('email'),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    role: roleEnum('role').notNull().default('USER'),
    emailVerifiedAt: ts('email_verified_at'),
    verifyCodeHash: text('verify_code_hash'),
    verifyCodeExpiresAt: ts('verify_code_expires_at'),
    verifyCodeAttempts: integer('verify_code_attempts').notNull().default(0),
    verifyCodeSentAt: ts('verify_code_sent_at'),
    /** TOTP secret, AES-256-GCM encrypted with a key derived from APP_SECRET. */
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last 30 s step a code was accepted for: a step is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Bumped by a password change, reset, role change or deletion: older access tokens stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: ts('deleted_at'),
    subscriptionTier: tierEnum('subscription_tier').notNull().default('NONE'),
    subscriptionStatus: subscriptionStatusEnum('subscription_status').notNull().default('NONE'),
    verificationStatus: verificationStatusEnum('verification_status').notNull().default('NONE'),
    subscriptionStartDate: ts('subscription_start_date'),
    subscriptionExpiresAt: ts('subscription_expires_at'),
    paymentCustomerId: text('payment_customer_id'),
    paymentSubscriptionId: text('payment_subscription_id'),
    affiliateCode: text('affiliate_code'),
    lastActiveAt: ts('last_active_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The transaction that last wrote what the back office's exports show of an account (its
     * email, username or affiliate code): set on insert by this default, by the trigger
     * users_change_xid (migration 0019) on an update that changes one of them, and left alone by
     * every other update (a sign-in's last_active_at stays a HOT update). A kept export asks for the
     * accounts stamped since it was made, through users_change_xid_idx, instead of looking up each
     * of a night's 4,000 buyers (orders/exports.service.ts).
     */
    changeXid: xid8('change_xid').notNull().default(sql`pg_current_xact_id()`),
    /**
     * The email and username as the back office finds a buyer by them, folded (ff_fold), kept by
     * PostgreSQL on every write of either (migration 0020), so an order search checking a thousand
     * buyers reads it instead of folding each (issue 19).
     */
    identityFolded: text('identity_folded').generatedAlwaysAs(
      sql`ff_fold(coalesce(email, '') || ' ' || coalesce(username, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // The back office finds a buyer by part of an email or username (issue 21; migrations 0011, 0020).
    index('users_identity_trgm_idx').using('gin', sql`${t.identityFolded} gin_trgm_ops`),
    // The master's user list and the subscriber table filter by part of an email, case-insensitively
    // (`email ILIKE '%x%'`): a trigram index on the column itself serves ILIKE (issue 19).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The subscriber table (everyone who has held a plan, about a tenth of the accounts): its count
    // and its pages by id read this small index, not the users table (issue 19).
    index('users_subscribers_idx').on(t.id).where(sql`deleted = false AND subscription_status <> 'NONE'`),
    uniqueIndex('users_affiliate_code_key').on(t.affiliateCode),
    uniqueIndex('users_payment_customer_key').on(t.paymentCustomerId),
    index('users_role_idx').on(t.role),
    index('users_verification_idx').on(t.verificationStatus),
    // The master's statistics (issue 19): accounts by role counted from this index alone (no heap
    // visit for most pages), the members by tier from the few rows that hold a running plan, and
    // the weekly sign-ups from a range of created_at. users_members_idx's statuses are
    // RUNNING_SUBSCRIPTION_STATUSES (membershipActiveSql's filter, db/membership-active.ts).
    index('users_role_live_idx').on(t.role).where(sql`deleted = false`),
    index('users_members_idx')
      .on(t.subscriptionTier, t.subscriptionStatus, t.subscriptionExpiresAt)
      .where(sql`deleted = false AND subscription_tier <> 'NONE' AND subscription_status IN ('ACTIVE', 'CANCELLED')`),
    index('users_created_idx').on(t.createdAt),
    index('users_change_xid_idx').on(t.changeXid),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    replacedById: uuid('replaced_by_id'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** Failed sign-ins per normalised email address, whether or not an account exists. */
export const loginLockouts = pgTable('login_lockouts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});

/** Shared counters for request rate limits (used when REDIS_URL is not set). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * One signed-in device: a refresh-token family (refresh_tokens.family_id = sessions.id), started by
 * a password sign-in. Access tokens name it (`sid`), and every request checks it is not revoked,
 * so logout ends the access token too. Listed on the account page as the user's devices.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The password sign-in that started it: refreshing never extends a session past 30 days from here. */
    authenticatedAt: ts('authenticated_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (truncated), to name the device in the list. */
    userAgent: text('user_agent'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed password checks per throttle key: per (email, client address) with growing delays, and a
 * higher per-email ceiling against distributed guessing. Replaces the per-email lockout's role.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: ts('window_started_at').notNull().defaultNow(),
    lastFailureAt: ts('last_failure_at'),
    /** No password is checked for this key before this time. */
    blockedUntil: ts('blocked_until'),
  },
  (t) => [index('auth_throttles_blocked_idx').on(t.blockedUntil)],
);
