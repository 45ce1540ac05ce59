import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '@fourfour/shared/constants';
import type { DbOrTx } from '../../db/client.ts';

/** A change to how the owner signs in; each one is mailed to the account's address. */
export type SecurityNotice = 'two-factor-on' | 'two-factor-off' | 'password-changed' | 'password-reset';

const WHAT: Record<SecurityNotice, { subject: string; heading: string; happened: string }> = {
  'two-factor-on': {
    subject: `Two-factor sign-in was turned on for your ${PRODUCT_NAME} account`,
    heading: 'Two-factor sign-in is on',
    happened:
      'Two-factor sign-in was just turned on for your account: signing in now needs a code from an authenticator app.',
  },
  'two-factor-off': {
    subject: `Two-factor sign-in was turned off for your ${PRODUCT_NAME} account`,
    heading: 'Two-factor sign-in is off',
    happened: 'Two-factor sign-in was just turned off for your account: signing in now needs only your password.',
  },
  'password-changed': {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    heading: 'Your password was changed',
    happened:
      'The password of your account was just changed from the account page. Other devices have been signed out.',
  },
  'password-reset': {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    heading: 'Your password was changed',
    happened: 'The password of your account was just changed with a reset link. Every device has been signed out.',
  },
};

/**
 * Tells the owner that the way they sign in changed, so someone acting with a stolen session or
 * password cannot do it unnoticed. Queued in the caller's transaction (sent if and only if the
 * change commits) through the same mail path as every other message; it carries no secret.
 */
export async function sendSecurityNotice(
  app: FastifyInstance,
  db: DbOrTx,
  to: string | null,
  notice: SecurityNotice,
): Promise<void> {
  if (!to) return;
  const { subject, heading, happened } = WHAT[notice];
  await app.mail.send(
    to,
    {
      subject,
      heading,
      paragraphs: [
        happened,
        `If this was you, there is nothing to do. If this was not you, choose a new password now with the link below and write to ${app.config.supportEmail}.`,
      ],
      action: { label: 'Reset your password', url: `${app.config.publicUrl}/forgot-password` },
    },
    { tx: db },
  );
}
