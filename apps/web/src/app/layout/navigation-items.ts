import { ADMIN_ROLES, AFFILIATE_ROLES, type Role } from '@fourfour/shared/enums';

/**
 * The header's entries for a role, by the spec's navigation rules (spec 01 §2):
 * - signed out: Login, Register;
 * - EVENT_WORKER: Ticket Scan and Logout only;
 * - everyone else: Talent menu (Roster, Team), Events, Subscribe, Top 5, Submission, account, Logout;
 * - AFFILIATE, ADMIN, MASTER add Affiliate; ADMIN and MASTER add Ticket Scan and the Admin menu;
 *   MASTER adds Master Stats and Master Roles.
 * Desktop and phone navigation both render this list.
 */
export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
}

export interface NavMenuGroup {
  label: string;
  links: NavLinkItem[];
}

export interface NavMenuItem {
  kind: 'menu';
  label: string;
  groups: NavMenuGroup[];
}

export interface NavAccountItem {
  kind: 'account';
  label: string;
  to: '/account';
}

export interface NavLogoutItem {
  kind: 'logout';
  label: 'Logout';
}

export type NavItem = NavLinkItem | NavMenuItem | NavAccountItem | NavLogoutItem;

const link = (label: string, to: string): NavLinkItem => ({ kind: 'link', label, to });

const TALENT_MENU: NavMenuItem = {
  kind: 'menu',
  label: 'Talent',
  groups: [{ label: 'Talent', links: [link('Roster', '/roster'), link('Team', '/team')] }],
};

export const ADMIN_MENU: NavMenuItem = {
  kind: 'menu',
  label: 'Admin',
  groups: [
    {
      label: 'Events',
      links: [link('Create Event', '/admin/events/create'), link('Manage Events', '/admin/events')],
    },
    {
      label: 'Subscriptions',
      links: [link('Subscription Benefits', '/admin/benefits'), link('Sub Verify', '/admin/verification')],
    },
    {
      label: 'Music',
      links: [link('Top 5 Edit', '/admin/adminTop5Editor'), link('Submissions', '/admin/submissions')],
    },
    {
      label: 'Talent',
      links: [link('Roster Admin', '/admin/roster'), link('Team Admin', '/admin/team')],
    },
  ],
};

const LOGOUT: NavLogoutItem = { kind: 'logout', label: 'Logout' };
const ACCOUNT: NavAccountItem = { kind: 'account', label: 'Account', to: '/account' };

export function buildNavigation(role: Role | null): NavItem[] {
  if (role === null) return [link('Login', '/login'), link('Register', '/register')];
  if (role === 'EVENT_WORKER') return [link('Ticket Scan', '/ticket/scan'), LOGOUT];

  const items: NavItem[] = [
    TALENT_MENU,
    link('Events', '/events'),
    link('Subscribe', '/subscribe'),
    link('Top 5', '/top5-songs'),
    link('Submission', '/song-submission'),
  ];
  if (AFFILIATE_ROLES.includes(role)) items.push(link('Affiliate', '/affiliate/stats'));
  if (ADMIN_ROLES.includes(role)) items.push(link('Ticket Scan', '/ticket/scan'), ADMIN_MENU);
  if (role === 'MASTER') {
    items.push(link('Master Stats', '/master/stats'), link('Master Roles', '/master/user'));
  }
  items.push(ACCOUNT, LOGOUT);
  return items;
}
