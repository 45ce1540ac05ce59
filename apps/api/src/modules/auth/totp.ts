import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@fourfour/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { decrypt, deriveKey, encrypt } from '../../lib/crypto.ts';

/** RFC 6238: SHA-1, 6 digits, 30 s step; one step either side is accepted. */
const PERIOD = 30;
const WINDOW = 1;

function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(label: string): { secretBase32: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 });
  return { secretBase32: secret.base32, otpauthUrl: totpFor(secret.base32, label).toString() };
}

const secretKey = (app: FastifyInstance) => deriveKey(app.config.appSecret, 'totp-secret');
export const encryptTotpSecret = (app: FastifyInstance, base32: string) => encrypt(secretKey(app), base32);
export const decryptTotpSecret = (app: FastifyInstance, enc: string) => decrypt(secretKey(app), enc);

/** The time step a code belongs to, or null when it matches none of now-1, now, now+1. */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Checks a code against the user's secret and consumes its time step in one conditional update,
 * so the same step is never accepted twice (no replay), also for two requests at the same moment.
 */
export async function consumeTotpCode(
  app: FastifyInstance,
  db: DbOrTx,
  user: { id: number; totpSecretEnc: string | null },
  code: string,
): Promise<boolean> {
  if (!user.totpSecretEnc) return false;
  const step = matchTotpStep(decryptTotpSecret(app, user.totpSecretEnc), code);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}
