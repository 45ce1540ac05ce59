import type { Role } from '@fourfour/shared/enums';
import { describe, expect, it } from 'vitest';
import type { Session } from '../lib/session.ts';
import { APP_ROUTES, decideAccess, type RouteAccess } from './route-table.ts';

function accessOf(path: string): RouteAccess {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route.access;
}

const signedIn = (role: Role): Session => ({
  status: 'authenticated',
  accessToken: 't',
  user: { id: 1, email: 'a@example.com', username: 'a', role },
});
const anonymous: Session = { status: 'anonymous', accessToken: null, user: null };
const loading: Session = { status: 'loading', accessToken: null, user: null };

describe('route table (spec 01 §2, spec 02 §2)', () => {
  it('has every route once', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('declares every route’s screen in the table: the home page in the first load, every other one loaded on first visit', () => {
    for (const route of APP_ROUTES) {
      if (route.path === '/') expect(route.page).toBe('first-load');
      else expect(typeof route.page, route.path).toBe('function');
    }
  });

  it.each([
    '/',
    '/login',
    '/register',
    '/verify',
    '/forgot-password',
    '/reset-password',
    '/payment-success',
    '/subscription/success',
    '/subscription/cancel',
    '/terms',
    '/privacy',
    '/local-pay/checkout/:sessionId',
    '/local-pay/portal',
  ])('lets anyone open %s', (path) => {
    expect(decideAccess(accessOf(path), anonymous)).toBe('allow');
    expect(decideAccess(accessOf(path), loading)).toBe('allow');
  });

  it.each([
    '/events',
    '/purchase/:eventId',
    '/account',
    '/subscribe',
    '/song-submission',
    '/top5-songs',
    '/roster',
    '/team',
  ])('sends a visitor from %s to /login, and lets any signed-in role in', (path) => {
    expect(decideAccess(accessOf(path), anonymous)).toBe('login');
    for (const role of ['USER', 'AFFILIATE', 'EVENT_WORKER', 'ADMIN', 'MASTER'] as const) {
      expect(decideAccess(accessOf(path), signedIn(role))).toBe('allow');
    }
  });

  it('waits for the session restore instead of redirecting', () => {
    expect(decideAccess(accessOf('/account'), loading)).toBe('wait');
    expect(decideAccess(accessOf('/master/user'), loading)).toBe('wait');
  });

  it('opens a screen marked opensWithToken once the restore has the token, before it knows the user', () => {
    const tokenOnly: Session = { status: 'loading', accessToken: 't', user: null };
    const account = APP_ROUTES.find((route) => route.path === '/account')!;
    expect(account.opensWithToken).toBe(true);
    expect(decideAccess(account.access, loading, true)).toBe('wait');
    expect(decideAccess(account.access, tokenOnly, true)).toBe('allow');
    expect(decideAccess(account.access, tokenOnly)).toBe('wait');
    // A role's screen waits for the user's role.
    expect(decideAccess(accessOf('/master/user'), tokenOnly, true)).toBe('wait');
  });

  const roleRules: [string, Role[]][] = [
    ['/admin/events', ['ADMIN', 'MASTER']],
    ['/admin/events/create', ['ADMIN', 'MASTER']],
    ['/admin/events/:id/edit', ['ADMIN', 'MASTER']],
    ['/admin/adminTop5Editor', ['ADMIN', 'MASTER']],
    ['/admin/verification', ['ADMIN', 'MASTER']],
    ['/admin/benefits', ['ADMIN', 'MASTER']],
    ['/admin/roster', ['ADMIN', 'MASTER']],
    ['/admin/team', ['ADMIN', 'MASTER']],
    ['/admin/submissions', ['ADMIN', 'MASTER']],
    ['/affiliate/stats', ['ADMIN', 'MASTER', 'AFFILIATE']],
    ['/master/stats', ['MASTER']],
    ['/master/user', ['MASTER']],
    ['/ticket/scan', ['ADMIN', 'MASTER', 'EVENT_WORKER']],
  ];

  it.each(roleRules)('opens %s only for %j; other roles go home, visitors to /login', (path, allowed) => {
    for (const role of ['USER', 'AFFILIATE', 'EVENT_WORKER', 'ADMIN', 'MASTER'] as const) {
      expect(decideAccess(accessOf(path), signedIn(role))).toBe(allowed.includes(role) ? 'allow' : 'home');
    }
    expect(decideAccess(accessOf(path), anonymous)).toBe('login');
  });
});
