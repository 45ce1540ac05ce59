import {
  AFFILIATE_BONUS_PENCE,
  AFFILIATE_COMMISSION_BASE_PERCENT,
  AFFILIATE_COMMISSION_GOAL_PERCENT,
  AFFILIATE_DISCOUNT_PERCENT,
  AFFILIATE_GOAL_TICKETS,
  FREE_TICKETS_PER_YEAR,
  LOCKOUT_DURATION_MINUTES,
  LOCKOUT_MAX_FAILURES,
  LOCKOUT_WINDOW_MINUTES,
  MAX_TICKETS_PER_ORDER,
  MINIMUM_AGE,
  MP3_MAX_BYTES,
  MB,
  PLAN_PRICES_GBP,
  PURCHASE_CLOSES_HOURS_BEFORE,
  REFRESH_TOKEN_TTL_DAYS,
  RESERVATION_HOLD_MINUTES,
  THROTTLE_FREE_FAILURES,
  THROTTLE_MAX_WAIT_MINUTES,
} from '@fourfour/shared/constants';
import { formatPounds, penceToPounds } from '@fourfour/shared/money';
import type { LegalContext, LegalSection } from './legal-types.ts';

export const TERMS_TITLE = 'Terms of Service';

/** The Terms of Service: 17 numbered sections (spec 01 §2 "Terms and Privacy"). */
export function termsSections({ productName: name, supportEmail }: LegalContext): LegalSection[] {
  return [
    {
      id: 'about',
      heading: 'About these terms',
      blocks: [
        `These terms govern your use of the ${name} website and services: browsing events, buying tickets, taking a membership, using affiliate codes, and taking part in our community features. ${name} is a business operating in the United Kingdom ("${name}", "we", "us").`,
        `By creating an account or buying a ticket you agree to these terms and to our Privacy Policy. If you do not agree, please do not use ${name}. You can contact us at any time at ${supportEmail}.`,
      ],
    },
    {
      id: 'eligibility',
      heading: 'Who can use our services',
      blocks: [
        `${name} is for adults only. You must be at least ${MINIMUM_AGE} years old to create an account, and every person named on a ticket must be at least ${MINIMUM_AGE} on the date of the event. Under-${MINIMUM_AGE}s are not allowed to register, to buy tickets or to attend our events.`,
        'We may ask for proof of age at any time, including at the door. If we find that an account belongs to someone under 18, we will close it.',
      ],
    },
    {
      id: 'account',
      heading: 'Your account and its security',
      blocks: [
        'You must give accurate details when you register, verify your email address, and keep your password to yourself. You are responsible for what happens under your account until you tell us it has been compromised.',
        'To protect accounts we apply the following safeguards:',
        [
          `Repeated failed logins slow down: after ${THROTTLE_FREE_FAILURES} failed attempts from one device or network, each further attempt from there has to wait longer, up to ${THROTTLE_MAX_WAIT_MINUTES} minutes.`,
          `Accounts lock after repeated failed logins: after ${LOCKOUT_MAX_FAILURES} failed attempts within ${LOCKOUT_WINDOW_MINUTES} minutes from anywhere, signing in is blocked for ${LOCKOUT_DURATION_MINUTES} minutes.`,
          'You can turn on two-factor authentication, which asks for a 6-digit code from an authenticator app each time you sign in.',
          `Your sign-in is kept alive by a secure session cookie that lasts ${REFRESH_TOKEN_TTL_DAYS} days from your last activity; logging out ends it straight away.`,
          'Changing or resetting your password signs you out everywhere.',
        ],
      ],
    },
    {
      id: 'events',
      heading: 'Events',
      blocks: [
        `Events listed on ${name} are run either by ${name} or by third-party organisers. Line-ups, set times and venues can change; we will tell ticket holders about significant changes as soon as we can.`,
        'Some events are shown as "Coming soon" before tickets go on sale. Listing an event does not guarantee that it will take place.',
      ],
    },
    {
      id: 'tickets',
      heading: 'Buying tickets',
      blocks: [
        'Tickets are sold as Standard or VIP. Prices are shown in pounds sterling (GBP) and include any VAT that applies. When you buy:',
        [
          `you can buy up to ${MAX_TICKETS_PER_ORDER} tickets in one order, and each ticket must carry the first name, last name and date of birth of the person attending;`,
          `the tickets you choose are held for ${RESERVATION_HOLD_MINUTES} minutes while you pay; if payment does not complete in that time the hold lapses and the tickets are released;`,
          `ticket sales for an event close ${PURCHASE_CLOSES_HOURS_BEFORE} hours before it starts;`,
          'your purchase is confirmed when the payment succeeds and we issue your tickets. If a payment arrives after your hold has lapsed and the tickets have sold out, we refund it in full.',
        ],
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      blocks: [
        `Card payments are taken by our card payment provider on its own secure pages. Your card details go to the payment provider, never to ${name}; we keep only the customer and subscription identifiers the provider gives us, and a record of what you paid.`,
        `An affiliate code gives ${AFFILIATE_DISCOUNT_PERCENT}% off the price of each ticket in an order when it is valid at the time of purchase.`,
      ],
    },
    {
      id: 'entry',
      heading: 'QR codes and entry',
      blocks: [
        'Each ticket carries a unique, signed QR code that admits one person once. Keep it private: the first scan of a code at the door is the one that counts, and a copied or forwarded code will be refused once the original has been used.',
        'Door staff may check that the attendee matches the name and age on the ticket. Entry is at the discretion of the venue and the organiser, who may refuse entry or remove anyone who is intoxicated, aggressive or puts others at risk, without a refund.',
      ],
    },
    {
      id: 'cancellations',
      heading: 'Cancellations and refunds',
      blocks: [
        `If ${name} cancels an event it runs, every paid ticket is refunded automatically to the original payment method and ticket holders are told by email. Free tickets for a cancelled event are voided and returned to your yearly allowance.`,
        "For events run by third-party organisers, the organiser's refund policy applies and we will pass on what they tell us.",
        'Under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013, tickets for leisure events on a specific date are not covered by the 14-day right to cancel. Otherwise tickets are not refundable unless the event is cancelled, or the law requires a refund.',
      ],
    },
    {
      id: 'subscriptions',
      heading: 'Memberships (subscriptions)',
      blocks: [
        `Memberships are monthly plans: Entry at ${formatPounds(PLAN_PRICES_GBP.ENTRY)}, Middle at ${formatPounds(PLAN_PRICES_GBP.MIDDLE)} and Headliner at ${formatPounds(PLAN_PRICES_GBP.HEADLINER)} a month. A plan renews automatically each month and is charged to your card until you cancel it.`,
        'Subscription cancellation takes effect at the end of the current billing period: your benefits continue until then, you are not charged again, and you can resume the plan before the period ends. We do not refund part-used periods unless the law requires it.',
        "You can change plan or update your billing details at any time from your membership page. If a renewal payment fails, your benefits may be paused until payment succeeds. We will give at least 30 days' notice of any price change, which you can avoid by cancelling.",
      ],
    },
    {
      id: 'free-tickets',
      heading: 'Member benefits and free tickets',
      blocks: [
        `Members receive free Standard tickets each calendar year: Entry ${FREE_TICKETS_PER_YEAR.ENTRY}, Middle ${FREE_TICKETS_PER_YEAR.MIDDLE}, and Headliner unlimited. At most one free ticket can be used per event, and free tickets are for Standard entry only.`,
        'Free-ticket allocations reset annually on 1 January; unused free tickets do not carry over to the next year and have no cash value.',
        'Free tickets and other member benefits unlock once your age has been verified. If age verification fails, access to member features is disabled. Benefits such as playlist features, promotion and studio sessions are delivered by our team and depend on availability.',
      ],
    },
    {
      id: 'affiliates',
      heading: 'Affiliate programme',
      blocks: [
        `Eligible users (affiliates and staff we invite) may generate an affiliate code from their account page. Buyers who use the code receive ${AFFILIATE_DISCOUNT_PERCENT}% off each ticket.`,
        `Affiliates earn commission on the price paid for paid tickets sold with their code in a calendar month: ${AFFILIATE_COMMISSION_BASE_PERCENT}%, rising to ${AFFILIATE_COMMISSION_GOAL_PERCENT}% with a ${formatPounds(penceToPounds(AFFILIATE_BONUS_PENCE))} bonus in a month that reaches ${AFFILIATE_GOAL_TICKETS} tickets. Free tickets earn nothing and do not count.`,
        'Codes may not be used on your own purchases, sold, or promoted by spam or misleading claims. We may withhold commission earned through fraud or refunded sales, and withdraw a code that breaks these terms.',
      ],
    },
    {
      id: 'community',
      heading: 'Community content and song submissions',
      blocks: [
        `You can send a track (MP3, up to ${MP3_MAX_BYTES / MB} MB) to our A&R team. You keep all rights in your music. By submitting you confirm that you own or control the rights to it, and you allow ${name} to store, listen to and share it within our team to assess it and to contact you about it.`,
        'Our Top 5, talent roster and team pages are chosen and edited by us. Embedded players are provided by third parties such as Spotify and are subject to their terms.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        'You must not:',
        [
          'resell tickets for profit or in breach of the law on secondary ticketing;',
          'create accounts for other people, share your account, or sign in as someone else;',
          'try to copy, forge or tamper with QR codes, or get into an event without a valid ticket;',
          'probe, overload, scrape or interfere with our systems or their security;',
          'upload content that is unlawful, infringing, hateful or harmful.',
        ],
      ],
    },
    {
      id: 'termination',
      heading: 'Suspending and closing accounts',
      blocks: [
        'You can delete your account at any time from your account page. Deleting your account signs you out everywhere and cancels any membership at the end of its current period; tickets for future events stay valid until those events have taken place.',
        'We may suspend or close an account that breaks these terms, that we reasonably suspect of fraud, or where the law requires it. Where we can, we will tell you why and give you a chance to respond.',
      ],
    },
    {
      id: 'liability',
      heading: 'Our liability to you',
      blocks: [
        `Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights as a consumer.`,
        `Otherwise, we are not responsible for losses that were not foreseeable, for business losses, or for the acts of third-party organisers and venues. Our total liability to you is limited to the amounts you paid ${name} in the 12 months before the event giving rise to the claim.`,
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms and to the service',
      blocks: [
        'We may update these terms to reflect changes in the law or in our services. We will tell you about significant changes by email or on the site before they take effect; the date at the top shows when the terms were last updated. If you do not agree with a change you may close your account.',
      ],
    },
    {
      id: 'law',
      heading: 'Governing law, disputes and contact',
      blocks: [
        'These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction; if you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.',
        `If something goes wrong, please contact us first at ${supportEmail} and we will try to put it right quickly.`,
      ],
    },
  ];
}
