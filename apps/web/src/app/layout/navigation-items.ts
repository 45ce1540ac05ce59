import type { Role } from '@fourfour/shared/enums';
import { APP_ROUTES, type AppRoute, type NavEntry, type RouteAccess, roleMayOpen } from '../route-table.ts';

/**
 * The header's entries for a role, by the spec's navigation rules (spec 01 §2):
 * - signed out: Login, Register;
 * - EVENT_WORKER: Ticket Scan and Logout only;
 * - everyone else: Talent menu (Roster, Team), Events, Subscribe, Top 5, Submission, account, Logout;
 * - AFFILIATE, ADMIN, MASTER add Affiliate; ADMIN and MASTER add Ticket Scan and the Admin menu;
 *   MASTER adds Master Stats and Master Roles.
 * Desktop and phone navigation both render this list. The entries (label, order, menu and group)
 * are declared on the routes in route-table.ts; who sees one follows the route's access.
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

const LOGOUT: NavLogoutItem = { kind: 'logout', label: 'Logout' };

/**
 * Whether a route's header entry shows for this role: visitors see the visitor entries; a
 * signed-in user sees the entries of routes they may open, except that door staff
 * (EVENT_WORKER) see only the tools made for their role, not the fan pages.
 */
function shows(access: RouteAccess, nav: NavEntry, role: Role | null): boolean {
  if (role === null) return nav.visitorsOnly === true;
  if (nav.visitorsOnly) return false;
  if (role === 'EVENT_WORKER' && access.kind !== 'roles') return false;
  return roleMayOpen(access, role);
}

/** The header for a role, built from the route table's navigation entries (then Logout). */
export function buildNavigation(role: Role | null, routes: readonly AppRoute[] = APP_ROUTES): NavItem[] {
  const entries = routes
    .flatMap(({ path, access, nav }) => (nav && shows(access, nav, role) ? [{ path, nav }] : []))
    .sort((a, b) => a.nav.order - b.nav.order);
  const items: NavItem[] = [];
  const menus = new Map<string, NavMenuItem>();
  for (const { path, nav } of entries) {
    if (nav.kind === 'account') {
      items.push({ kind: 'account', label: nav.label, to: '/account' });
      continue;
    }
    const item: NavLinkItem = { kind: 'link', label: nav.label, to: path };
    if (!nav.menu) {
      items.push(item);
      continue;
    }
    let menu = menus.get(nav.menu.label);
    if (!menu) {
      menu = { kind: 'menu', label: nav.menu.label, groups: [] };
      menus.set(nav.menu.label, menu);
      items.push(menu);
    }
    let group = menu.groups.find((g) => g.label === nav.menu!.group);
    if (!group) {
      group = { label: nav.menu.group, links: [] };
      menu.groups.push(group);
    }
    group.links.push(item);
  }
  if (role !== null) items.push(LOGOUT);
  return items;
}
