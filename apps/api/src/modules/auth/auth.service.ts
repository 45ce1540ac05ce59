import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, type AuthUser, resendCooldownMessage } from '@fourfour/shared/auth';
import {
  PRODUCT_NAME,
  RESEND_COOLDOWN_SECONDS,
  RESET_TOKEN_TTL_MINUTES,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@fourfour/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { authUserOf } from '../../db/live-account.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { randomCode, randomToken, sha256 } from '../../lib/crypto.ts';
import { assertPasswordNotCommon } from '../../lib/common-passwords.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail, findUserByUsername, normaliseEmail } from '../users/index.ts';
import {
  assertPasswordAttemptAllowed,
  clearPasswordFailures,
  clearSignInFailures,
  recordPasswordFailure,
  signInThrottleKeys,
} from './password-throttle.service.ts';
import { sendSecurityNotice } from './security-notice.email.ts';
import { type IssuedSession, revokeAllSessions, startSession } from './sessions.service.ts';
import { consumeTotpCode } from './totp.ts';

/** How often one address may be sent a reset link; extra requests get the same answer, no mail. */
const RESET_MAIL_COOLDOWN_SECONDS = 60;

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

function isUniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return source ? (source.constraint ?? '') : null;
}

async function sendVerificationCode(app: FastifyInstance, db: DbOrTx, email: string, code: string) {
  await app.mail.send(
    email,
    {
      subject: `Your ${PRODUCT_NAME} verification code`,
      heading: 'Verify your email',
      paragraphs: [
        `Enter this code on the verification page to finish creating your ${PRODUCT_NAME} account.`,
        `The code is valid for ${VERIFICATION_CODE_TTL_MINUTES} minutes. If you did not sign up, ignore this email.`,
      ],
      code,
    },
    { tx: db },
  );
}

function newVerificationCode() {
  const code = randomCode(VERIFICATION_CODE_LENGTH);
  return {
    code,
    fields: {
      verifyCodeHash: sha256(code),
      verifyCodeExpiresAt: minutesFromNow(VERIFICATION_CODE_TTL_MINUTES),
      verifyCodeAttempts: 0,
      verifyCodeSentAt: new Date(),
    },
  };
}

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
  birthDate: string;
}

/** Creates an unverified USER and mails the verification code, in one transaction. */
export async function registerUser(app: FastifyInstance, input: RegisterInput): Promise<void> {
  const email = normaliseEmail(input.email);
  const username = input.username.trim();
  if (await findUserByEmail(app.db, email)) throw fieldError('email', AUTH_MESSAGES.emailTaken, 409, 'EMAIL_TAKEN');
  if (await findUserByUsername(app.db, username))
    throw fieldError('username', AUTH_MESSAGES.usernameTaken, 409, 'USERNAME_TAKEN');
  assertPasswordNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const { code, fields } = newVerificationCode();
  try {
    await app.db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ email, username, passwordHash, birthDate: input.birthDate, role: 'USER', ...fields });
      await sendVerificationCode(app, tx, email, code);
    });
  } catch (err) {
    // Two registrations racing for the same address or name: the unique index decides.
    const constraint = isUniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.includes('username'))
      throw fieldError('username', AUTH_MESSAGES.usernameTaken, 409, 'USERNAME_TAKEN');
    throw fieldError('email', AUTH_MESSAGES.emailTaken, 409, 'EMAIL_TAKEN');
  }
}

const codeError = (code: string, message: string) => new AppError(code, 400, message, [{ field: 'code', message }]);

/** Checks a verification code: 10 minutes, 5 wrong tries void it, compared in constant time. */
export async function verifyEmail(app: FastifyInstance, emailInput: string, code: string): Promise<string> {
  const user = await findUserByEmail(app.db, emailInput);
  if (user?.emailVerifiedAt) return AUTH_MESSAGES.alreadyVerified;
  if (!user?.verifyCodeHash || !user.verifyCodeExpiresAt) throw codeError('CODE_INVALID', AUTH_MESSAGES.codeInvalid);
  if (user.verifyCodeAttempts >= VERIFICATION_CODE_MAX_ATTEMPTS)
    throw codeError('CODE_ATTEMPTS_EXCEEDED', AUTH_MESSAGES.codeAttemptsExceeded);
  if (user.verifyCodeExpiresAt.getTime() <= Date.now()) throw codeError('CODE_EXPIRED', AUTH_MESSAGES.codeExpired);

  const matches = timingSafeEqual(Buffer.from(sha256(code)), Buffer.from(user.verifyCodeHash));
  if (!matches) {
    // Counted atomically, so parallel guesses cannot exceed the allowance.
    const [row] = await app.db
      .update(users)
      .set({ verifyCodeAttempts: sql`${users.verifyCodeAttempts} + 1` })
      .where(eq(users.id, user.id))
      .returning({ attempts: users.verifyCodeAttempts });
    if ((row?.attempts ?? 0) >= VERIFICATION_CODE_MAX_ATTEMPTS)
      throw codeError('CODE_ATTEMPTS_EXCEEDED', AUTH_MESSAGES.codeAttemptsExceeded);
    throw codeError('CODE_INVALID', AUTH_MESSAGES.codeInvalid);
  }
  const updated = await app.db
    .update(users)
    .set({
      emailVerifiedAt: sql`now()`,
      verifyCodeHash: null,
      verifyCodeExpiresAt: null,
      verifyCodeAttempts: 0,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.verifyCodeHash, user.verifyCodeHash),
        sql`${users.verifyCodeAttempts} < ${VERIFICATION_CODE_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ id: users.id });
  if (updated.length === 0) throw codeError('CODE_INVALID', AUTH_MESSAGES.codeInvalid);
  return AUTH_MESSAGES.verified;
}

/**
 * A new code for an unverified account, at most one per 30 seconds. Unknown or already verified
 * addresses get the same answer and no mail.
 */
export async function resendVerificationCode(app: FastifyInstance, emailInput: string): Promise<void> {
  const user = await findUserByEmail(app.db, emailInput);
  if (!user || user.emailVerifiedAt || !user.email) return;
  const email = user.email;
  const { code, fields } = newVerificationCode();
  await app.db.transaction(async (tx) => {
    // The cooldown is claimed in the update itself, so two quick requests send one mail.
    const claimed = await tx
      .update(users)
      .set(fields)
      .where(
        and(
          eq(users.id, user.id),
          sql`(${users.verifyCodeSentAt} IS NULL OR ${users.verifyCodeSentAt} <= now() - make_interval(secs => ${RESEND_COOLDOWN_SECONDS}))`,
        ),
      )
      .returning({ id: users.id });
    if (claimed.length === 0) {
      const sentAt = user.verifyCodeSentAt?.getTime() ?? Date.now();
      const wait = Math.max(1, Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000));
      throw new AppError(
        'RESEND_COOLDOWN',
        429,
        resendCooldownMessage(Math.min(wait, RESEND_COOLDOWN_SECONDS)),
        undefined,
        {
          retryAfterSeconds: Math.min(wait, RESEND_COOLDOWN_SECONDS),
        },
      );
    }
    await sendVerificationCode(app, tx, email, code);
  });
}

export interface LoginResult extends IssuedSession {
  user: AuthUser;
}

/**
 * Sign-in: password throttling first (per email and client address, and the per-email ceiling),
 * then the password (against a dummy hash for unknown addresses, so timing tells nothing), then the
 * account's state, then the second factor. Wrong passwords and wrong second-factor codes both count.
 */
export async function loginUser(
  app: FastifyInstance,
  input: { email: string; password: string; totp?: string; userAgent?: string; clientAddress: string },
): Promise<LoginResult> {
  const email = normaliseEmail(input.email);
  const throttle = signInThrottleKeys(email, input.clientAddress);
  await assertPasswordAttemptAllowed(app.db, throttle);
  const user = await findUserByEmail(app.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);

  const fail = async (error: AppError): Promise<never> => {
    throw (await recordPasswordFailure(app.db, throttle)) ?? error;
  };
  if (!user || !passwordOk) return fail(new AppError('INVALID_CREDENTIALS', 401, AUTH_MESSAGES.invalidCredentials));
  if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 403, AUTH_MESSAGES.accountDisabled);
  if (!user.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_VERIFIED', 403, AUTH_MESSAGES.emailNotVerified, undefined, {
      needsEmailVerification: true,
    });
  }
  if (user.totpEnabled) {
    if (!input.totp) throw new AppError('TOTP_REQUIRED', 401, AUTH_MESSAGES.totpRequired);
    if (!(await consumeTotpCode(app, app.db, user, input.totp)))
      return fail(
        new AppError('TOTP_INVALID', 401, AUTH_MESSAGES.totpInvalid, [
          { field: 'totp', message: AUTH_MESSAGES.totpInvalid },
        ]),
      );
  }

  await clearPasswordFailures(app.db, throttle);
  await app.db.update(users).set({ lastActiveAt: sql`now()` }).where(eq(users.id, user.id));
  const session = await startSession(app, app.db, user, { userAgent: input.userAgent });
  return {
    ...session,
    user: authUserOf(user),
  };
}

/** Mails a single-use reset link (30 minutes) to a live account; the caller answers the same either way. */
export async function requestPasswordReset(app: FastifyInstance, emailInput: string): Promise<void> {
  const user = await findUserByEmail(app.db, emailInput);
  if (!user?.email || user.disabled) return;
  const email = user.email;
  const token = randomToken(32);
  await app.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          gt(passwordResetTokens.createdAt, sql`now() - make_interval(secs => ${RESET_MAIL_COOLDOWN_SECONDS})`),
        ),
      )
      .limit(1);
    if (recent) return;
    // Only the newest link works: earlier unused ones are retired.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: minutesFromNow(RESET_TOKEN_TTL_MINUTES),
    });
    const url = `${app.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await app.mail.send(
      email,
      {
        subject: `Reset your ${PRODUCT_NAME} password`,
        heading: 'Reset your password',
        paragraphs: [
          'Someone asked to reset the password of your account. If it was you, choose a new password with the link below.',
          `The link works once and for ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask, ignore this email: your password stays the same.`,
        ],
        action: { label: 'Choose a new password', url },
      },
      { tx },
    );
  });
}

/**
 * Uses a reset token (claimed atomically: single use), sets the new password and ends every
 * session. The link proves the address, so an unverified account becomes verified.
 */
export async function resetPassword(app: FastifyInstance, token: string, newPassword: string): Promise<void> {
  assertPasswordNotCommon(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    const invalid = new AppError('RESET_TOKEN_INVALID', 400, AUTH_MESSAGES.resetTokenInvalid);
    if (!claimed) throw invalid;
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, claimed.userId), eq(users.deleted, false)))
      .returning({ id: users.id, email: users.email });
    if (!user) throw invalid;
    await revokeAllSessions(tx, user.id);
    if (user.email) await clearSignInFailures(tx, user.email);
    await sendSecurityNotice(app, tx, user.email, 'password-reset');
  });
}
