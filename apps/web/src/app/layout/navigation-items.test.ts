import { describe, expect, it } from 'vitest';
import { APP_ROUTES, type AppRoute } from '../route-table.ts';
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

  it('is built from the route table: a route with a header entry shows for exactly the roles that may open it', () => {
    const tool: AppRoute = {
      path: '/admin/new-tool',
      access: { kind: 'roles', roles: ['ADMIN', 'MASTER'] },
      title: 'New tool',
      summary: 'A route added in one place.',
      page: async () => () => null,
      nav: { label: 'New Tool', order: 88, menu: { label: 'Admin', group: 'Tools' } },
    };
    const routes = [...APP_ROUTES, tool];
    const adminMenu = buildNavigation('MASTER', routes).find((item) => item.kind === 'menu' && item.label === 'Admin');
    expect(adminMenu?.kind === 'menu' && adminMenu.groups.at(-1)).toEqual({
      label: 'Tools',
      links: [{ kind: 'link', label: 'New Tool', to: '/admin/new-tool' }],
    });
    for (const role of ['USER', 'AFFILIATE', 'EVENT_WORKER'] as const) {
      expect(labels(buildNavigation(role, routes))).toEqual(labels(buildNavigation(role)));
    }
  });

  it('links only to routes of the table', () => {
    const paths = new Set(APP_ROUTES.map((route) => route.path));
    for (const role of [null, 'USER', 'AFFILIATE', 'EVENT_WORKER', 'ADMIN', 'MASTER'] as const) {
      const targets = buildNavigation(role).flatMap((item) =>
        item.kind === 'menu' ? item.groups.flatMap((g) => g.links.map((l) => l.to)) : 'to' in item ? [item.to] : [],
      );
      for (const to of targets) expect(paths, `${role}: ${to}`).toContain(to);
    }
  });
});
