import { describe, expect, it } from 'vitest';
import { buildNavigation, type NavItem } from './navigation-items.ts';

/** A flat view: links by label, menus as "Label[...]", account and logout by kind. */
function labels(items: NavItem[]): string[] {
  return items.map((item) => {
    if (item.kind === 'menu')
      return `${item.label}[${item.groups.flatMap((g) => g.links.map((l) => l.label)).join(',')}]`;
    if (item.kind === 'account') return 'account';
    return item.label;
  });
}

const FAN = ['Talent[Roster,Team]', 'Events', 'Subscribe', 'Top 5', 'Submission'];
const ADMIN_MENU =
  'Admin[Create Event,Manage Events,Subscription Benefits,Sub Verify,Top 5 Edit,Submissions,Roster Admin,Team Admin]';

describe('header navigation by role (spec 01 §2)', () => {
  it('shows Login and Register when signed out', () => {
    expect(labels(buildNavigation(null))).toEqual(['Login', 'Register']);
  });

  it('shows an event worker only Ticket Scan and Logout', () => {
    expect(labels(buildNavigation('EVENT_WORKER'))).toEqual(['Ticket Scan', 'Logout']);
  });

  it('shows a user the Talent menu, Events, Subscribe, Top 5, Submission, account and Logout', () => {
    expect(labels(buildNavigation('USER'))).toEqual([...FAN, 'account', 'Logout']);
  });

  it('adds the Affiliate link for affiliates', () => {
    expect(labels(buildNavigation('AFFILIATE'))).toEqual([...FAN, 'Affiliate', 'account', 'Logout']);
  });

  it('adds Affiliate, Ticket Scan and the Admin menu for admins', () => {
    expect(labels(buildNavigation('ADMIN'))).toEqual([
      ...FAN,
      'Affiliate',
      'Ticket Scan',
      ADMIN_MENU,
      'account',
      'Logout',
    ]);
  });

  it('adds Master Stats and Master Roles for the master', () => {
    expect(labels(buildNavigation('MASTER'))).toEqual([
      ...FAN,
      'Affiliate',
      'Ticket Scan',
      ADMIN_MENU,
      'Master Stats',
      'Master Roles',
      'account',
      'Logout',
    ]);
  });

  it('groups the Admin menu as Events, Subscriptions, Music and Talent with the spec routes', () => {
    const admin = buildNavigation('ADMIN').find((item) => item.kind === 'menu' && item.label === 'Admin');
    expect(admin?.kind === 'menu' && admin.groups.map((g) => [g.label, g.links.map((l) => l.to)])).toEqual([
      ['Events', ['/admin/events/create', '/admin/events']],
      ['Subscriptions', ['/admin/benefits', '/admin/verification']],
      ['Music', ['/admin/adminTop5Editor', '/admin/submissions']],
      ['Talent', ['/admin/roster', '/admin/team']],
    ]);
  });

  it('links the account icon to /account and the master pages to their routes', () => {
    const items = buildNavigation('MASTER');
    expect(items.find((item) => item.kind === 'account')).toMatchObject({ to: '/account' });
    const links = items.filter((item) => item.kind === 'link').map((item) => [item.label, item.to]);
    expect(links).toContainEqual(['Master Stats', '/master/stats']);
    expect(links).toContainEqual(['Master Roles', '/master/user']);
    expect(links).toContainEqual(['Affiliate', '/affiliate/stats']);
  });
});
