import { describe, expect, it } from 'vitest';
import type { LegalSection } from './legal-types.ts';
import { privacySections } from './privacy.ts';
import { termsSections } from './terms.ts';

const context = { productName: 'FourFour', supportEmail: 'help@example.com' };
const text = (sections: LegalSection[]) =>
  sections.flatMap((section) => [section.heading, ...section.blocks.flat()]).join('\n');

describe('Terms and Privacy (spec 01 §2)', () => {
  const terms = termsSections(context);
  const privacy = privacySections(context);
  const both = `${text(terms)}\n${text(privacy)}`;

  it('has 17 Terms sections and 12 Privacy sections with unique anchors', () => {
    expect(terms).toHaveLength(17);
    expect(privacy).toHaveLength(12);
    for (const sections of [terms, privacy]) {
      expect(new Set(sections.map((section) => section.id)).size).toBe(sections.length);
    }
  });

  it.each([
    [
      'subscription cancellation takes effect at period end',
      /cancellation takes effect at the end of the current billing period/,
    ],
    [
      'accounts lock after repeated failed logins (50 per 60 minutes from anywhere; slower tries after 3 from one place)',
      /after 3 failed attempts from one device or network[\s\S]*Accounts lock after repeated failed logins: after 50 failed attempts within 60 minutes/,
    ],
    ['eligible users may generate affiliate codes', /Eligible users .* may generate an affiliate code/],
    ['under-18s are not allowed', /Under-18s are not allowed/],
    [
      'liability is capped at the amounts paid in the prior 12 months',
      /limited to the amounts you paid FourFour in the 12 months before/,
    ],
    ['payment records are kept up to 6 years', /Payment records: up to 6 years/],
    ['free-ticket allocations reset annually', /Free-ticket allocations reset annually/],
    ['governing law is England and Wales', /governed by the law of England and Wales/],
    ['the refresh cookie lasts 7 days', /refreshToken.*lasts 7 days/],
    ['payment data stays with the card payment provider', /Payment data stays with our card payment provider/],
    ['only customer and subscription ids are kept', /keep only the provider's customer and subscription identifiers/],
    ['two-factor authentication is offered', /two-factor authentication/i],
  ])('states that %s', (_fact, pattern) => {
    expect(both).toMatch(pattern);
  });

  it('lists the account data held (spec 01 §3)', () => {
    for (const item of [
      'email address, username and date of birth',
      'hash of your password',
      'role',
      'email verification code and its expiry',
      'failed-login counter and lockout time',
      'TOTP',
      'subscription tier and status',
      'free-ticket usage counters',
      'ticket identifiers and their QR codes',
      'affiliate code and the sales linked to it',
      'last-active timestamp and an audit history',
      'customer and subscription identifiers',
    ]) {
      expect(text(privacy)).toContain(item);
    }
  });

  it('names the support contact it is given', () => {
    expect(text(terms)).toContain('help@example.com');
    expect(text(privacy)).toContain('help@example.com');
  });
});
