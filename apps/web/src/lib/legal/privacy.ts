import {
  LOCKOUT_MAX_FAILURES,
  LOCKOUT_WINDOW_MINUTES,
  MINIMUM_AGE,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  SESSION_MAX_AGE_DAYS,
  THROTTLE_FREE_FAILURES,
  VERIFICATION_CODE_TTL_MINUTES,
} from '@fourfour/shared/constants';
import type { LegalContext, LegalSection } from './legal-types.ts';

export const PRIVACY_TITLE = 'Privacy Policy';

/** The Privacy Policy: 12 numbered sections (spec 01 §2 "Terms and Privacy", §3 data held). */
export function privacySections({ productName: name, supportEmail }: LegalContext): LegalSection[] {
  return [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        `${name} is a UK business and the controller of the personal data described in this policy. We follow the UK General Data Protection Regulation and the Data Protection Act 2018. For anything about your data, write to ${supportEmail}.`,
      ],
    },
    {
      id: 'data-we-hold',
      heading: 'The data we hold',
      blocks: [
        'For your account we hold:',
        [
          'your email address, username and date of birth;',
          'a hash of your password (never the password itself);',
          'your role on the platform (for example member, affiliate or staff);',
          'your email verification code and its expiry time, while verification is pending;',
          'a failed-login counter and lockout time, with the network (IP) address failed attempts came from, kept for a day, to protect your account;',
          'an optional two-factor authentication (TOTP) secret, stored encrypted;',
          'your subscription tier and status, and your free-ticket usage counters;',
          'the events you hold tickets for, ticket identifiers and their QR codes, and the attendee names and dates of birth on those tickets;',
          'your affiliate code and the sales linked to it, if you are an affiliate;',
          'a last-active timestamp and an audit history of important account actions;',
          'the customer and subscription identifiers of our card payment provider.',
        ],
        'If you send us a song we also hold your name, email, phone number (if given), date of birth, the link you give and the MP3 file.',
      ],
    },
    {
      id: 'how-we-collect',
      heading: 'How we collect it',
      blocks: [
        'Most of this data comes from you: when you register, buy tickets, subscribe, submit a song or contact us. Some is created as you use the service (ticket identifiers, usage counters, security logs), and our payment provider tells us whether a payment or subscription succeeded.',
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use it and our lawful bases',
      blocks: [
        [
          'To provide your account, tickets, membership and benefits: performance of our contract with you.',
          `To check that users and attendees are at least ${MINIMUM_AGE}, keep payment records and meet tax rules: legal obligation and legitimate interests.`,
          'To keep the service secure, prevent fraud and admit each ticket once: legitimate interests.',
          'To send service emails (verification codes, tickets, receipts, changes to events): performance of our contract.',
          'To send marketing, only where you have agreed: consent, which you can withdraw at any time.',
        ],
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      blocks: [
        `Payment data stays with our card payment provider. Card numbers and security codes are entered on the provider's own pages and never reach ${name}. We keep only the provider's customer and subscription identifiers, and a record of the amounts paid, refunds and what they were for.`,
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and sign-in',
      blocks: [
        `We use one strictly necessary cookie, refreshToken (named __Secure-refreshToken on our secure site), to keep you signed in. It is httpOnly (scripts cannot read it), sent only to our sign-in service, and lasts ${REFRESH_TOKEN_TTL_DAYS} days; it is renewed as you use the site, but never beyond ${SESSION_MAX_AGE_DAYS} days after you last entered your password, and removed when you log out. Your account page lists the devices signed in to your account (the browser name, from the browser's User-Agent, and when each signed in and was last used), and lets you sign any of them out. The short-lived access token that proves who you are is kept only in the page's memory, not in browser storage.`,
        'We do not use advertising or cross-site tracking cookies. Embedded Spotify players on the Top 5 page are provided by Spotify, which may set its own cookies under its own policy.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect your data',
      blocks: [
        [
          'Passwords are hashed with a modern, slow algorithm (argon2id).',
          'Two-factor authentication is available for every account; its secret is encrypted at rest.',
          `Failed sign-ins slow down after ${THROTTLE_FREE_FAILURES} attempts from one device or network, and accounts lock after ${LOCKOUT_MAX_FAILURES} failed sign-in attempts within ${LOCKOUT_WINDOW_MINUTES} minutes.`,
          `Email verification codes expire after ${VERIFICATION_CODE_TTL_MINUTES} minutes and password reset links after ${RESET_TOKEN_TTL_MINUTES} minutes.`,
          'Ticket QR codes are cryptographically signed so they cannot be forged.',
          'All traffic is encrypted in transit, and access to personal data is limited to staff who need it.',
        ],
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      blocks: [
        'We do not sell your personal data. We share it only with:',
        [
          'our card payment provider, to take payments and manage subscriptions;',
          'our email and hosting providers, who process it on our instructions;',
          'organisers and door staff of events you hold tickets for, who see the attendee name and ticket details when the ticket is scanned;',
          'our A&R team, for songs you submit;',
          'authorities, where the law requires it.',
        ],
      ],
    },
    {
      id: 'transfers',
      heading: 'International transfers',
      blocks: [
        'Some of our providers, including our payment provider, may process data outside the UK. Where they do, the transfer is covered by UK adequacy regulations or by the International Data Transfer Agreement or Addendum approved by the Information Commissioner.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        [
          'Account data: for as long as your account is open.',
          'When you delete your account, we anonymise it at once: your email and username are removed and your sessions ended.',
          'Attendee names and dates of birth on tickets: until the event has taken place, then deleted.',
          'Payment records: up to 6 years, as UK tax law requires.',
          'Song submissions: up to 12 months after we have assessed them, unless we work together.',
          'Security logs: up to 12 months.',
        ],
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        `You have the right to access your data, to have it corrected or erased, to restrict or object to its use, and to receive it in a portable format. To use these rights, email ${supportEmail}; we reply within one month.`,
        `Our services are not for anyone under ${MINIMUM_AGE}. If we learn that we hold data about a child, we delete it.`,
        "If you are unhappy with how we handle your data, you can complain to the Information Commissioner's Office (ico.org.uk, 0303 123 1113), though we would like the chance to help first.",
      ],
    },
    {
      id: 'changes-contact',
      heading: 'Changes to this policy and contact',
      blocks: [
        `We will update this policy when our services or the law change, and tell you about significant changes by email or on the site. The date at the top shows the latest version. Questions: ${supportEmail}.`,
      ],
    },
  ];
}
