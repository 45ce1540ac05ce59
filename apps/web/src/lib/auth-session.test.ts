import { describe, expect, it } from 'vitest';
import { redirectTargetFrom } from './auth-session.ts';

describe('where login sends the user back', () => {
  it('returns to the guarded page the user came from, with its query', () => {
    expect(redirectTargetFrom({ from: '/purchase/12?code=DJ' })).toBe('/purchase/12?code=DJ');
    expect(redirectTargetFrom({ from: { pathname: '/account', search: '?x=1', hash: '#tickets' } })).toBe(
      '/account?x=1#tickets',
    );
  });

  it('goes home without a usable origin', () => {
    expect(redirectTargetFrom(null)).toBe('/');
    expect(redirectTargetFrom({})).toBe('/');
    expect(redirectTargetFrom({ from: '/login' })).toBe('/');
  });

  it('never leaves the site', () => {
    expect(redirectTargetFrom({ from: 'https://evil.example' })).toBe('/');
    expect(redirectTargetFrom({ from: '//evil.example/path' })).toBe('/');
    expect(redirectTargetFrom({ from: '/\\evil.example' })).toBe('/');
  });
});
