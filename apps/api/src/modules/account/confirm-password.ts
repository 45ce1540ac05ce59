import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import { fieldError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';

/**
 * Re-checks the signed-in user's password before an action a stolen access token alone must not
 * do (turning 2FA on, deleting the account). A wrong password is a 400 field error on `password`
 * and changes nothing. This is the one place those wrong passwords go through, so the sign-in
 * failure throttling counts them here.
 */
export async function confirmAccountPassword(
  _app: FastifyInstance,
  user: { id: number; passwordHash: string },
  password: string,
): Promise<void> {
  if (await verifyPassword(user.passwordHash, password)) return;
  throw fieldError('password', AUTH_MESSAGES.passwordWrong, 400, 'PASSWORD_WRONG');
}
