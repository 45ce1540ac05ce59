import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import { fieldError } from '../../lib/errors.ts';
import { checkAccountPassword } from '../auth/index.ts';

/**
 * Re-checks the signed-in user's password before an action a stolen access token alone must not
 * do (turning 2FA on, deleting the account). A wrong password is a 400 field error on `password`
 * and changes nothing. Wrong passwords count in the account page's password throttling (per
 * account and client address, like change password and turning 2FA off), so a stolen token
 * cannot be used to guess the password here either.
 */
export async function confirmAccountPassword(
  app: FastifyInstance,
  user: { id: number; passwordHash: string },
  password: string,
  clientAddress: string,
): Promise<void> {
  if (await checkAccountPassword(app, { userId: user.id, clientAddress, passwordHash: user.passwordHash, password })) {
    return;
  }
  throw fieldError('password', AUTH_MESSAGES.passwordWrong, 400, 'PASSWORD_WRONG');
}
