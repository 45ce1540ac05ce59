import type { FastifyInstance } from 'fastify';
import type { PaidTier } from '@fourfour/shared/enums';
import { PLAN_FREE_TICKETS_TEXT, planPriceGbp } from '@fourfour/shared/memberships';
import { formatPounds, penceToPounds } from '@fourfour/shared/money';
import type { DbOrTx } from '../../db/client.ts';
import { dateFormatter } from '../../lib/time.ts';

/**
 * The membership emails: welcome on activation, payment failed, cancellation confirmed, the refund
 * of a duplicate subscription, and the age-verification result. Each is queued in the transaction
 * of the change it reports, so it goes out if and only if the change commits.
 */

const londonDate = (d: Date | null) =>
  d
    ? dateFormatter('Europe/London', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(d)
    : null;

type MailKind =
  | { kind: 'welcome'; tier: PaidTier; pendingVerification: boolean }
  | { kind: 'payment-failed'; tier: PaidTier }
  | { kind: 'cancellation'; tier: PaidTier; endsAt: Date | null }
  | { kind: 'duplicate-refunded'; amountPence: number }
  | { kind: 'verified' }
  | { kind: 'underage' };

export async function sendMembershipEmail(app: FastifyInstance, tx: DbOrTx, to: string | null, mail: MailKind) {
  if (!to) return;
  const base = app.config.publicUrl;
  const manage = { label: 'Manage subscription', url: `${base}/subscribe` };
  switch (mail.kind) {
    case 'welcome':
      return app.mail.send(
        to,
        {
          subject: `Welcome to FourFour ${mail.tier}`,
          heading: `Your ${mail.tier} plan is active`,
          paragraphs: [
            `Thanks for joining. Your plan costs ${formatPounds(planPriceGbp(mail.tier))} a month and renews automatically until you cancel.`,
            `It includes ${PLAN_FREE_TICKETS_TEXT[mail.tier].toLowerCase()} (at most one per event) and the ${mail.tier} benefits.`,
            mail.pendingVerification
              ? 'Your age verification is pending: free tickets and benefits unlock once our team has verified you.'
              : 'Your free tickets and benefits are ready to use.',
          ],
          action: manage,
        },
        { tx },
      );
    case 'payment-failed':
      return app.mail.send(
        to,
        {
          subject: 'Your FourFour payment failed',
          heading: 'Subscription payment failed.',
          paragraphs: [
            `We could not take the payment for your ${mail.tier} plan. Please update your billing details so your plan keeps running.`,
            'Free tickets and benefits are paused until the payment goes through.',
          ],
          action: manage,
        },
        { tx },
      );
    case 'cancellation': {
      const ends = londonDate(mail.endsAt);
      return app.mail.send(
        to,
        {
          subject: 'Your FourFour subscription is cancelled',
          heading: 'Cancellation confirmed',
          paragraphs: [
            ends && mail.endsAt && mail.endsAt.getTime() > Date.now()
              ? `Your ${mail.tier} plan will not renew. It stays active until ${ends}; you can resume it before then.`
              : `Your ${mail.tier} plan has ended and will not be charged again.`,
          ],
          action: manage,
        },
        { tx },
      );
    }
    case 'duplicate-refunded':
      return app.mail.send(
        to,
        {
          subject: 'Refund: your second FourFour subscription',
          heading: 'We refunded a duplicate subscription',
          paragraphs: [
            'A second plan checkout was paid while your plan was already running, so we cancelled the second subscription at once.',
            `We have refunded its payment of ${formatPounds(penceToPounds(mail.amountPence))} in full to your original payment method. It can take 5–10 days to appear.`,
            'Your current plan is unchanged. To switch plans, use Change plan on the subscription page.',
          ],
          action: manage,
        },
        { tx },
      );
    case 'verified':
      return app.mail.send(
        to,
        {
          subject: 'Your age is verified',
          heading: 'Verification complete',
          paragraphs: ['Our team has verified your age. Your free tickets and member benefits are now unlocked.'],
          action: { label: 'Explore events', url: `${base}/events` },
        },
        { tx },
      );
    case 'underage':
      return app.mail.send(
        to,
        {
          subject: 'Your FourFour membership has been stopped',
          heading: 'Age verification failed',
          paragraphs: [
            'Our team could not verify that you are 18 or older, so membership features are disabled on your account.',
            'Your subscription has been cancelled and you will not be charged again.',
            'If you think this is a mistake, please contact support.',
          ],
        },
        { tx },
      );
  }
}
