import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { AUTH_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '@fourfour/shared/auth';
import { users } from '../../db/schema/index.ts';
import { AppError, conflict, fieldError } from '../../lib/errors.ts';
import {
  checkAccountPassword,
  consumeTotpCode,
  encryptTotpSecret,
  newTotpSecret,
  sendSecurityNotice,
} from '../auth/index.ts';
import { confirmAccountPassword } from './confirm-password.ts';

/**
 * Two-factor sign-in: setup stores a new secret (encrypted) that guards nothing until a current
 * code and the password confirm it; turning it off needs the password and a current code. The
 * owner is mailed either way.
 */

async function loadUser(app: FastifyInstance, userId: number) {
  const [u] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new AppError('UNAUTHORIZED', 401, AUTH_MESSAGES.sessionEnded);
  return u;
}

const invalidCode = () =>
  new AppError('TOTP_INVALID', 400, AUTH_MESSAGES.totpInvalid, [{ field: 'code', message: AUTH_MESSAGES.totpInvalid }]);

export async function getTwoFactorStatus(app: FastifyInstance, userId: number): Promise<TwoFactorStatus> {
  const u = await loadUser(app, userId);
  return { enabled: u.totpEnabled, hasSecret: u.totpSecretEnc !== null };
}

export async function setupTwoFactor(app: FastifyInstance, userId: number): Promise<TwoFactorSetup> {
  const u = await loadUser(app, userId);
  if (u.totpEnabled) throw conflict(AUTH_MESSAGES.twoFactorAlreadyOn, 'TOTP_ALREADY_ENABLED');
  const { secretBase32, otpauthUrl } = newTotpSecret(u.email ?? u.username ?? String(u.id));
  await app.db
    .update(users)
    .set({ totpSecretEnc: encryptTotpSecret(app, secretBase32), totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  const png = await QRCode.toBuffer(otpauthUrl, { type: 'png', width: 240, margin: 2, errorCorrectionLevel: 'M' });
  return { secretBase32, qrBase64: png.toString('base64'), otpauthUrl };
}

/** Turning 2FA on needs the password as well as a current code (a stolen token alone must not lock the owner out). */
export async function enableTwoFactor(
  app: FastifyInstance,
  userId: number,
  password: string,
  code: string,
  clientAddress: string,
): Promise<void> {
  const u = await loadUser(app, userId);
  if (u.totpEnabled) throw conflict(AUTH_MESSAGES.twoFactorAlreadyOn, 'TOTP_ALREADY_ENABLED');
  if (!u.totpSecretEnc) throw new AppError('TOTP_NOT_SET_UP', 400, AUTH_MESSAGES.twoFactorNoSecret);
  // The password first: a wrong one must not use up the code.
  await confirmAccountPassword(app, u, password, clientAddress);
  if (!(await consumeTotpCode(app, app.db, u, code))) throw invalidCode();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabled: true, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await sendSecurityNotice(app, tx, u.email, 'two-factor-on');
  });
}

export async function disableTwoFactor(
  app: FastifyInstance,
  userId: number,
  password: string,
  code: string,
  clientAddress: string,
): Promise<void> {
  const u = await loadUser(app, userId);
  if (!u.totpEnabled) throw new AppError('TOTP_NOT_ENABLED', 400, AUTH_MESSAGES.twoFactorNotOn);
  if (!(await checkAccountPassword(app, { userId, clientAddress, passwordHash: u.passwordHash, password })))
    throw fieldError('password', AUTH_MESSAGES.passwordWrong, 400, 'PASSWORD_WRONG');
  if (!(await consumeTotpCode(app, app.db, u, code))) throw invalidCode();
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabled: false, totpSecretEnc: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await sendSecurityNotice(app, tx, u.email, 'two-factor-off');
  });
}
