import { ADMIN_ROLES, AFFILIATE_ROLES, type Role, SCANNER_ROLES } from '@fourfour/shared/enums';
import type { Session } from '../lib/session.ts';

/**
 * Every client route of the spec (01 §2 and 02 §2) with who may open it. The router is built
 * from this table, so a route's access rule lives in exactly one place.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'roles'; roles: readonly Role[] };

export interface AppRoute {
  path: string;
  access: RouteAccess;
  /** The screen's name: page title and the placeholder's heading until the screen is built. */
  title: string;
  /** One line on what the screen will do, shown by the placeholder. */
  summary: string;
}

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signed-in' };
const ADMIN: RouteAccess = { kind: 'roles', roles: ADMIN_ROLES };
const AFFILIATE: RouteAccess = { kind: 'roles', roles: AFFILIATE_ROLES };
const SCANNER: RouteAccess = { kind: 'roles', roles: SCANNER_ROLES };
const MASTER: RouteAccess = { kind: 'roles', roles: ['MASTER'] };

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', access: PUBLIC, title: 'Home', summary: 'Nights, tickets and the FourFour community.' },
  {
    path: '/login',
    access: PUBLIC,
    title: 'Log in',
    summary: 'Sign in with your email, password and, when enabled, a two-factor code.',
  },
  {
    path: '/register',
    access: PUBLIC,
    title: 'Create account',
    summary: 'Join FourFour: email, username, password and date of birth (18+).',
  },
  {
    path: '/verify',
    access: PUBLIC,
    title: 'Verify your email',
    summary: 'Enter the code we emailed you to activate your account.',
  },
  {
    path: '/forgot-password',
    access: PUBLIC,
    title: 'Forgot password',
    summary: 'Request a link to reset your password.',
  },
  {
    path: '/reset-password',
    access: PUBLIC,
    title: 'Reset password',
    summary: 'Choose a new password from the link we emailed you.',
  },
  {
    path: '/payment-success',
    access: PUBLIC,
    title: 'Checkout result',
    summary: 'The outcome of your ticket payment, with your tickets once confirmed.',
  },
  {
    path: '/subscription/success',
    access: PUBLIC,
    title: 'Subscription result',
    summary: 'Confirmation of your new membership plan.',
  },
  {
    path: '/subscription/cancel',
    access: PUBLIC,
    title: 'Checkout cancelled',
    summary: 'You left the plan checkout; nothing was charged.',
  },
  { path: '/terms', access: PUBLIC, title: 'Terms of Service', summary: 'The terms for using FourFour.' },
  { path: '/privacy', access: PUBLIC, title: 'Privacy Policy', summary: 'How FourFour handles your personal data.' },
  {
    path: '/local-pay/checkout/:sessionId',
    access: PUBLIC,
    title: 'Test checkout',
    summary: 'The built-in payment page used when no card provider is configured. No money moves.',
  },
  {
    path: '/local-pay/portal',
    access: PUBLIC,
    title: 'Test billing portal',
    summary: 'Change, cancel or resume a plan with the built-in payment provider. No money moves.',
  },

  {
    path: '/events',
    access: SIGNED_IN,
    title: 'Events',
    summary: 'Upcoming nights, with tickets you can buy and the ones you already hold.',
  },
  {
    path: '/purchase/:eventId',
    access: SIGNED_IN,
    title: 'Buy tickets',
    summary: 'Choose Standard and VIP tickets, name the attendees and pay.',
  },
  {
    path: '/account',
    access: SIGNED_IN,
    title: 'Your account',
    summary: 'Profile, tickets with QR codes, free-ticket usage, security and two-factor settings.',
  },
  {
    path: '/subscribe',
    access: SIGNED_IN,
    title: 'Memberships',
    summary: 'Compare plans, subscribe and manage your membership.',
  },
  {
    path: '/song-submission',
    access: SIGNED_IN,
    title: 'Song submission',
    summary: 'Send an MP3 straight to the A&R team.',
  },
  {
    path: '/top5-songs',
    access: SIGNED_IN,
    title: 'Top 5',
    summary: "This week's five picks, with a Spotify player for each.",
  },
  { path: '/roster', access: SIGNED_IN, title: 'Talent roster', summary: 'The DJs and creators FourFour works with.' },
  { path: '/team', access: SIGNED_IN, title: 'Team', summary: 'The people behind FourFour.' },

  {
    path: '/admin/events',
    access: ADMIN,
    title: 'Manage events',
    summary: 'All events with their status, sales, prices and actions.',
  },
  {
    path: '/admin/events/create',
    access: ADMIN,
    title: 'Create event',
    summary: 'Set up a new night: details, artwork, ticket totals and prices.',
  },
  {
    path: '/admin/events/:id/edit',
    access: ADMIN,
    title: 'Edit event',
    summary: 'Change an event, save it as a draft or publish it.',
  },
  {
    path: '/admin/verification',
    access: ADMIN,
    title: 'Subscriber verification',
    summary: 'Check the age of new subscribers and verify them.',
  },
  {
    path: '/admin/benefits',
    access: ADMIN,
    title: 'Subscription benefits',
    summary: 'Track which members have received which benefits.',
  },
  { path: '/admin/adminTop5Editor', access: ADMIN, title: 'Top 5 editor', summary: "Edit this week's five songs." },
  { path: '/admin/submissions', access: ADMIN, title: 'Song submissions', summary: 'The songs sent to the A&R team.' },
  {
    path: '/admin/roster',
    access: ADMIN,
    title: 'Roster admin',
    summary: 'Add, hide and remove DJs and creators on the talent roster.',
  },
  { path: '/admin/team', access: ADMIN, title: 'Team admin', summary: 'Add and remove people on the team page.' },
  {
    path: '/affiliate/stats',
    access: AFFILIATE,
    title: 'Affiliate sales',
    summary: 'Monthly sales made with affiliate codes, commission and progress to the goal.',
  },
  { path: '/master/stats', access: MASTER, title: 'Master stats', summary: 'Figures across the whole platform.' },
  { path: '/master/user', access: MASTER, title: 'Master roles', summary: 'Find users and change their roles.' },
  {
    path: '/ticket/scan',
    access: SCANNER,
    title: 'Ticket scan',
    summary: 'Scan ticket QR codes at the door with the rear camera.',
  },
];

export type AccessDecision = 'allow' | 'wait' | 'login' | 'home';

/** What a guard does for this session: show the page, wait for the restore, or redirect. */
export function decideAccess(access: RouteAccess, session: Session): AccessDecision {
  if (access.kind === 'public') return 'allow';
  if (session.status === 'loading') return 'wait';
  if (!session.user) return 'login';
  if (access.kind === 'roles' && !access.roles.includes(session.user.role)) return 'home';
  return 'allow';
}
