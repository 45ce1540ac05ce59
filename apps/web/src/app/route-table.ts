import { ADMIN_ROLES, AFFILIATE_ROLES, type Role, SCANNER_ROLES } from '@fourfour/shared/enums';
import type { ComponentType } from 'react';
import type { Session } from '../lib/session.ts';

/**
 * Every client route of the spec (01 §2 and 02 §2), described once: its path, its screen
 * (loaded on first visit, in its own chunk), who may open it, its title and its place in the
 * header. The router (router.tsx) and the header navigation (layout/navigation-items.ts) are
 * both built from this table, so a route is added, guarded or moved in exactly one place.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'roles'; roles: readonly Role[] };

/** A screen loaded on first visit, or 'first-load': bundled with the shell (router.tsx). */
export type PageSource = (() => Promise<ComponentType>) | 'first-load';

/** A route's entry in the header; who sees it follows the route's access (see navigation-items.ts). */
export interface NavEntry {
  label: string;
  /** Position in the header, ascending; a menu sits where its first visible entry would. */
  order: number;
  /** In a dropdown menu, under a group heading, instead of on the bar itself. */
  menu?: { label: string; group: string };
  /** Shown only to visitors who are not signed in (Login, Register). */
  visitorsOnly?: true;
  /** The account icon instead of a text link. */
  kind?: 'account';
}

export interface AppRoute {
  path: string;
  access: RouteAccess;
  /** The screen's name: page title and the placeholder's heading until the screen is built. */
  title: string;
  /** One line on what the screen does, shown by the placeholder while it has no page. */
  summary: string;
  /** The screen; a route without one shows a "Coming soon" placeholder. */
  page?: PageSource;
  /**
   * Public data the screen asks for first, fetched at start-up alongside its code when the app
   * opens on this route (router.tsx preloadScreen), so it does not wait for the session restore.
   */
  prefetch?: () => Promise<void>;
  /**
   * The server puts the public events list in this route's page and renders its first view with it
   * (lib/embedded-events.ts; apps/api/src/plugins/web-app.ts), so its cards paint before
   * any script has loaded. Its first view shows the embedded list.
   */
  embedsEvents?: true;
  /** Its entry in the header navigation, if it has one. */
  nav?: NavEntry;
  /**
   * Opens with no signal for the door staff last signed in on this device, when the session could
   * not be restored because the server was unreachable (the offline door scanner, issue 22).
   */
  offline?: true;
  /**
   * A signed-in screen that opens as soon as the session restore has the access token, while
   * /api/auth/me is still on its way, instead of after it: its requests then carry the token, so
   * its data is asked for one round trip sooner. Only for screens open to every signed-in user that
   * do not read the user from the session (the restore still sends a visitor to /login).
   */
  opensWithToken?: true;
}

/** The public events list: the events page's data, and the purchase page's (it finds its event there). */
const prefetchEventList = () => import('../features/events/api/get-events.ts').then((m) => m.prefetchEvents());

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signed-in' };
const ADMIN: RouteAccess = { kind: 'roles', roles: ADMIN_ROLES };
const AFFILIATE: RouteAccess = { kind: 'roles', roles: AFFILIATE_ROLES };
const SCANNER: RouteAccess = { kind: 'roles', roles: SCANNER_ROLES };
const MASTER: RouteAccess = { kind: 'roles', roles: ['MASTER'] };

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    page: 'first-load',
    access: PUBLIC,
    title: 'Home',
    summary: 'Nights, tickets and the FourFour community.',
  },
  {
    path: '/login',
    page: () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage),
    nav: { label: 'Login', order: 1, visitorsOnly: true },
    access: PUBLIC,
    title: 'Log in',
    summary: 'Sign in with your email, password and, when enabled, a two-factor code.',
  },
  {
    path: '/register',
    page: () => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage),
    nav: { label: 'Register', order: 2, visitorsOnly: true },
    access: PUBLIC,
    title: 'Create account',
    summary: 'Join FourFour: email, username, password and date of birth (18+).',
  },
  {
    path: '/verify',
    page: () => import('../features/auth/verify-page.tsx').then((m) => m.VerifyPage),
    access: PUBLIC,
    title: 'Verify your email',
    summary: 'Enter the code we emailed you to activate your account.',
  },
  {
    path: '/forgot-password',
    page: () => import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
    access: PUBLIC,
    title: 'Forgot password',
    summary: 'Request a link to reset your password.',
  },
  {
    path: '/reset-password',
    page: () => import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
    access: PUBLIC,
    title: 'Reset password',
    summary: 'Choose a new password from the link we emailed you.',
  },
  {
    path: '/payment-success',
    page: () => import('../features/checkout/payment-success-page.tsx').then((m) => m.PaymentSuccessPage),
    access: PUBLIC,
    title: 'Checkout result',
    summary: 'The outcome of your ticket payment, with your tickets once confirmed.',
  },
  {
    path: '/subscription/success',
    page: () =>
      import('../features/subscriptions/subscription-success-page.tsx').then((m) => m.SubscriptionSuccessPage),
    access: PUBLIC,
    title: 'Subscription result',
    summary: 'Confirmation of your new membership plan.',
  },
  {
    path: '/subscription/cancel',
    page: () => import('../features/subscriptions/subscription-cancel-page.tsx').then((m) => m.SubscriptionCancelPage),
    access: PUBLIC,
    title: 'Checkout cancelled',
    summary: 'You left the plan checkout; nothing was charged.',
  },
  {
    path: '/terms',
    page: () => import('../features/legal/terms-page.tsx').then((m) => m.TermsPage),
    access: PUBLIC,
    title: 'Terms of Service',
    summary: 'The terms for using FourFour.',
  },
  {
    path: '/privacy',
    page: () => import('../features/legal/privacy-page.tsx').then((m) => m.PrivacyPage),
    access: PUBLIC,
    title: 'Privacy Policy',
    summary: 'How FourFour handles your personal data.',
  },
  {
    path: '/local-pay/checkout/:sessionId',
    page: () => import('../features/local-pay/local-checkout-page.tsx').then((m) => m.LocalCheckoutPage),
    access: PUBLIC,
    title: 'Test checkout',
    summary: 'The built-in payment page used when no card provider is configured. No money moves.',
  },
  {
    path: '/local-pay/portal',
    page: () => import('../features/local-pay/local-portal-page.tsx').then((m) => m.LocalPortalPage),
    access: PUBLIC,
    title: 'Test billing portal',
    summary: 'Change, cancel or resume a plan with the built-in payment provider. No money moves.',
  },

  {
    path: '/events',
    page: () => import('../features/events/events-page.tsx').then((m) => m.EventsPage),
    prefetch: prefetchEventList,
    embedsEvents: true,
    nav: { label: 'Events', order: 20 },
    access: SIGNED_IN,
    title: 'Events',
    summary: 'Upcoming nights, with tickets you can buy and the ones you already hold.',
  },
  {
    path: '/purchase/:eventId',
    page: () => import('../features/purchase/purchase-page.tsx').then((m) => m.PurchasePage),
    prefetch: prefetchEventList,
    embedsEvents: true,
    access: SIGNED_IN,
    opensWithToken: true,
    title: 'Buy tickets',
    summary: 'Choose Standard and VIP tickets, name the attendees and pay.',
  },
  {
    path: '/account',
    page: () => import('./account-route.tsx').then((m) => m.AccountRoute),
    nav: { label: 'Account', order: 100, kind: 'account' },
    access: SIGNED_IN,
    opensWithToken: true,
    title: 'Your account',
    summary: 'Profile, tickets with QR codes, free-ticket usage, security and two-factor settings.',
  },
  {
    path: '/subscribe',
    page: () => import('../features/subscriptions/subscribe-page.tsx').then((m) => m.SubscribePage),
    nav: { label: 'Subscribe', order: 30 },
    access: SIGNED_IN,
    title: 'Membership',
    summary: 'Compare plans, subscribe and manage your membership.',
  },
  {
    path: '/song-submission',
    page: () => import('../features/submissions/song-submission-page.tsx').then((m) => m.SongSubmissionPage),
    nav: { label: 'Submission', order: 50 },
    access: SIGNED_IN,
    title: 'Song submission',
    summary: 'Send an MP3 straight to the A&R team.',
  },
  {
    path: '/top5-songs',
    page: () => import('../features/top5/top5-page.tsx').then((m) => m.Top5Page),
    nav: { label: 'Top 5', order: 40 },
    access: SIGNED_IN,
    title: 'Top 5',
    summary: "This week's five picks, with a Spotify player for each.",
  },
  {
    path: '/roster',
    page: () => import('../features/roster/roster-page.tsx').then((m) => m.RosterPage),
    nav: { label: 'Roster', order: 10, menu: { label: 'Talent', group: 'Talent' } },
    access: SIGNED_IN,
    title: 'Talent roster',
    summary: 'The DJs and creators FourFour works with.',
  },
  {
    path: '/team',
    page: () => import('../features/team/team-page.tsx').then((m) => m.TeamPage),
    nav: { label: 'Team', order: 11, menu: { label: 'Talent', group: 'Talent' } },
    access: SIGNED_IN,
    title: 'Team',
    summary: 'The people behind FourFour.',
  },

  {
    path: '/admin/events',
    page: () => import('../features/admin-events/manage-events-page.tsx').then((m) => m.ManageEventsPage),
    nav: { label: 'Manage Events', order: 81, menu: { label: 'Admin', group: 'Events' } },
    access: ADMIN,
    title: 'Manage events',
    summary: 'All events with their status, sales, prices and actions.',
  },
  {
    path: '/admin/events/create',
    page: () => import('../features/admin-events/create-event-page.tsx').then((m) => m.CreateEventPage),
    nav: { label: 'Create Event', order: 80, menu: { label: 'Admin', group: 'Events' } },
    access: ADMIN,
    title: 'Create event',
    summary: 'Set up a new night: details, artwork, ticket totals and prices.',
  },
  {
    path: '/admin/events/:id/edit',
    page: () => import('../features/admin-events/edit-event-page.tsx').then((m) => m.EditEventPage),
    access: ADMIN,
    title: 'Edit event',
    summary: 'Change an event, save it as a draft or publish it.',
  },
  {
    path: '/admin/events/:id/door',
    page: () => import('../features/admin-events/door-page.tsx').then((m) => m.DoorPage),
    access: ADMIN,
    title: 'Door',
    summary: "An event's live door: admitted against sold, arrivals, devices, refusals and offline conflicts.",
  },
  {
    path: '/admin/events/:id/message',
    page: () => import('../features/admin-orders/message-page.tsx').then((m) => m.MessagePage),
    access: ADMIN,
    title: 'Message attendees',
    summary: "Email an event's ticket holders once.",
  },
  {
    path: '/admin/orders',
    page: () => import('../features/admin-orders/orders-page.tsx').then((m) => m.OrdersPage),
    // Not in the header (the spec fixes the Admin menu): reached from Manage Events and each event's card.
    access: ADMIN,
    title: 'Orders',
    summary: 'Find an order by attendee, buyer or reference.',
  },
  {
    path: '/admin/orders/:id',
    page: () => import('../features/admin-orders/order-page.tsx').then((m) => m.OrderPage),
    access: ADMIN,
    title: 'Order',
    summary: 'An order, its actions and its history.',
  },
  {
    path: '/admin/events/:id/orders',
    page: () => import('../features/admin-orders/orders-page.tsx').then((m) => m.OrdersPage),
    access: ADMIN,
    // The page names its event: "Orders: Friday Warm-Up".
    title: 'Orders',
    summary: "An event's orders, newest first.",
  },
  {
    path: '/admin/events/:id/attendees',
    page: () => import('../features/admin-orders/attendees-page.tsx').then((m) => m.AttendeesPage),
    access: ADMIN,
    title: 'Attendees',
    summary: "An event's attendees, printable for the door.",
  },
  {
    path: '/admin/verification',
    page: () => import('../features/admin-memberships/verification-page.tsx').then((m) => m.VerificationPage),
    nav: { label: 'Sub Verify', order: 83, menu: { label: 'Admin', group: 'Subscriptions' } },
    access: ADMIN,
    title: 'Subscriber verification',
    summary: 'Check the age of new subscribers and verify them.',
  },
  {
    path: '/admin/benefits',
    page: () => import('../features/admin-memberships/benefits-page.tsx').then((m) => m.BenefitsPage),
    nav: { label: 'Subscription Benefits', order: 82, menu: { label: 'Admin', group: 'Subscriptions' } },
    access: ADMIN,
    title: 'Subscription benefits',
    summary: 'Track which members have received which benefits.',
  },
  {
    path: '/admin/adminTop5Editor',
    page: () => import('../features/top5/top5-editor-page.tsx').then((m) => m.Top5EditorPage),
    nav: { label: 'Top 5 Edit', order: 84, menu: { label: 'Admin', group: 'Music' } },
    access: ADMIN,
    title: 'Top 5 editor',
    summary: "Edit this week's five songs.",
  },
  {
    path: '/admin/submissions',
    page: () => import('../features/submissions/admin-submissions-page.tsx').then((m) => m.AdminSubmissionsPage),
    nav: { label: 'Submissions', order: 85, menu: { label: 'Admin', group: 'Music' } },
    access: ADMIN,
    title: 'Song submissions',
    summary: 'The songs sent to the A&R team.',
  },
  {
    path: '/admin/roster',
    page: () => import('../features/roster/roster-admin-page.tsx').then((m) => m.RosterAdminPage),
    nav: { label: 'Roster Admin', order: 86, menu: { label: 'Admin', group: 'Talent' } },
    access: ADMIN,
    title: 'Roster admin',
    summary: 'Add, hide and remove DJs and creators on the talent roster.',
  },
  {
    path: '/admin/team',
    page: () => import('../features/team/team-admin-page.tsx').then((m) => m.TeamAdminPage),
    nav: { label: 'Team Admin', order: 87, menu: { label: 'Admin', group: 'Talent' } },
    access: ADMIN,
    title: 'Team admin',
    summary: 'Add and remove people on the team page.',
  },
  {
    path: '/affiliate/stats',
    page: () => import('../features/affiliates/affiliate-stats-page.tsx').then((m) => m.AffiliateStatsPage),
    nav: { label: 'Affiliate', order: 60 },
    access: AFFILIATE,
    title: 'Affiliate sales',
    summary: 'Monthly sales made with affiliate codes, commission and progress to the goal.',
  },
  {
    path: '/master/stats',
    page: () => import('../features/master/master-stats-page.tsx').then((m) => m.MasterStatsPage),
    nav: { label: 'Master Stats', order: 90 },
    access: MASTER,
    title: 'Master stats',
    summary: 'Figures across the whole platform.',
  },
  {
    path: '/master/user',
    page: () => import('../features/master/master-users-page.tsx').then((m) => m.MasterUsersPage),
    nav: { label: 'Master Roles', order: 91 },
    access: MASTER,
    title: 'Users and roles',
    summary: 'Find users and change their roles.',
  },
  {
    path: '/ticket/scan',
    page: () => import('../features/scan/scan-page.tsx').then((m) => m.ScanPage),
    nav: { label: 'Ticket Scan', order: 70 },
    access: SCANNER,
    offline: true,
    title: 'Ticket scan',
    summary: 'Scan ticket QR codes at the door with the rear camera.',
  },
];

export type AccessDecision = 'allow' | 'wait' | 'login' | 'home';

/** Whether a signed-in user of this role may open a route with this access. */
export function roleMayOpen(access: RouteAccess, role: Role): boolean {
  return access.kind !== 'roles' || access.roles.includes(role);
}

/**
 * What a guard does for this session: show the page, wait for the restore, or redirect. A screen
 * that opens with the token (AppRoute.opensWithToken) is shown once the restore has it.
 */
export function decideAccess(access: RouteAccess, session: Session, opensWithToken = false): AccessDecision {
  if (access.kind === 'public') return 'allow';
  if (session.status === 'loading') {
    return opensWithToken && access.kind === 'signed-in' && session.accessToken ? 'allow' : 'wait';
  }
  if (!session.user) return 'login';
  if (!roleMayOpen(access, session.user.role)) return 'home';
  return 'allow';
}
