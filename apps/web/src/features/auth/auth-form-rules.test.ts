import { describe, expect, it } from 'vitest';
import { isPositiveMessage, parseTypedDate } from './auth-form-rules.ts';

describe('auth screens', () => {
  it('reads typed dates of birth as shown (DD/MM/YYYY) and as ISO', () => {
    expect(parseTypedDate('15/06/1995')).toBe('1995-06-15');
    expect(parseTypedDate('5.6.1995')).toBe('1995-06-05');
    expect(parseTypedDate('1995-06-15')).toBe('1995-06-15');
    expect(parseTypedDate('31/02/1995')).toBeNull();
    expect(parseTypedDate('06/15/1995')).toBeNull();
    expect(parseTypedDate('yesterday')).toBeNull();
  });

  it('colours the verify message green for success, verified or redirecting, amber otherwise', () => {
    expect(isPositiveMessage('Verified! Redirecting…')).toBe(true);
    expect(isPositiveMessage('Email verified. Redirecting to login…')).toBe(true);
    expect(isPositiveMessage('Code sent. Check your inbox.')).toBe(false);
    expect(isPositiveMessage('That verification code has expired. Request a new one.')).toBe(false);
  });
});
