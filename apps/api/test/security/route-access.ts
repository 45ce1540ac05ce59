import type { Role } from '@fourfour/shared/enums';

/**
 * Who may call each API route. Every route the app serves must be listed here: the matrix test
 * fails on a route without a decision, and on a listed route that no longer exists.
 *
 * - 'public': anyone, signed in or not.
 * - 'signed-in': any signed-in role; anonymous callers get 401.
 * - Role[]: only these roles; anonymous 401, any other role 403.
 * - 'session-cookie': authenticated by the refresh cookie, not the bearer token (refresh, logout).
 * - 'loopback-or-token': no account opens it; without its own token configured (METRICS_TOKEN) it
 *   answers only this machine's loopback with no proxy between, anyone else gets 404.
 */
export type Access = 'public' | 'signed-in' | 'session-cookie' | 'loopback-or-token' | readonly Role[];

const ADMIN: readonly Role[] = ['ADMIN', 'MASTER'];
const MASTER: readonly Role[] = ['MASTER'];
const SCANNER: readonly Role[] = ['ADMIN', 'MASTER', 'EVENT_WORKER'];
const AFFILIATE: readonly Role[] = ['AFFILIATE', 'ADMIN', 'MASTER'];

export const ROUTE_ACCESS: Record<string, Access> = {
  // Platform
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/config/public': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /dev/mailbox': 'public',
  'GET /dev/mailbox/:id.html': 'public',
  'GET /dev/mailbox/messages.json': 'public',
  'GET /metrics': 'loopback-or-token',
  'GET /api/media/files/*': 'public',
  'GET /api/media/events/:id': 'public',

  // Accounts and sessions
  'POST /api/auth/register': 'public',
  'POST /api/auth/verify': 'public',
  'POST /api/auth/resend-code': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/refresh': 'session-cookie',
  'POST /api/auth/logout': 'session-cookie',
  'GET /api/auth/me': 'signed-in',
  'GET /api/account/me': 'signed-in',
  'POST /api/account/change-password': 'signed-in',
  'GET /api/account/2fa/status': 'signed-in',
  'POST /api/account/2fa/setup': 'signed-in',
  'POST /api/account/2fa/enable': 'signed-in',
  'POST /api/account/2fa/disable': 'signed-in',
  'DELETE /api/account/delete': 'signed-in',
  'GET /api/account/sessions': 'signed-in',
  'DELETE /api/account/sessions/:id': 'signed-in',
  'POST /api/account/sessions/sign-out-others': 'signed-in',

  // Events
  // Issue 4: the list is public (the /events page itself is behind login).
  'GET /api/events/list': 'public',
  'GET /api/tickets/tickets-per-event': 'signed-in',
  'GET /api/admin/events': ADMIN,
  'POST /api/admin/events/create': ADMIN,
  'GET /api/admin/events/:id': ADMIN,
  'PUT /api/admin/events/:id': ADMIN,
  'PUT /api/admin/events/:id/prices': ADMIN,
  'PUT /api/admin/events/:id/cancel': ADMIN,
  'GET /api/admin/events/:id/stats': ADMIN,

  // Tickets and payments
  'POST /api/tickets/reserve': 'signed-in',
  'POST /api/tickets/create-checkout-session': 'signed-in',
  // /payment-success is a public page; the unguessable session id is the capability, and the
  // answer carries only a state and a message.
  'GET /api/tickets/checkout-result': 'public',
  'GET /api/tickets/validate': 'signed-in',
  'GET /api/tickets/event-usage': 'signed-in',
  'GET /api/account/my-tickets': 'signed-in',
  'GET /api/account/my-tickets/:ticketId': 'signed-in',
  'GET /api/account/free-tickets': 'signed-in',
  'POST /api/payments/stripe/webhook': 'public',
  'GET /api/payments/local/checkout/:sessionId': 'signed-in',
  'POST /api/payments/local/checkout/:sessionId/complete': 'signed-in',
  'POST /api/payments/local/checkout/:sessionId/cancel': 'signed-in',

  // Memberships
  'POST /api/subscription/subscribe': 'signed-in',
  'GET /api/subscription/portal/upgrade-or-downgrade': 'signed-in',
  'GET /api/subscription/portal/cancel': 'signed-in',
  'GET /api/subscription/billing-portal': 'signed-in',
  // /subscription/success is a public page; the session id is the capability (status and tier only).
  'GET /api/subscription/checkout-result': 'public',
  'GET /api/payments/local/portal': 'signed-in',
  'POST /api/payments/local/portal/:action': 'signed-in',
  'GET /api/admin/verification/pending': ADMIN,
  'POST /api/admin/verification/:id/verify': ADMIN,
  'POST /api/admin/verification/:id/underage': ADMIN,
  'GET /api/admin/benefits/subscribers': ADMIN,
  'GET /api/admin/benefits/user/:id': ADMIN,
  'POST /api/admin/benefits/deliver/:id': ADMIN,
  'POST /api/admin/benefits/undeliver/:id': ADMIN,

  // Door scanning
  'POST /api/ticket-scan': SCANNER,

  // Affiliates and the master's desk
  'GET /api/affiliate/generate': AFFILIATE,
  'GET /api/affiliate/stats': AFFILIATE,
  'GET /api/master/affiliates': ADMIN,
  'GET /api/master/affiliates/:id/sales-history': ADMIN,
  'GET /api/master/users': MASTER,
  'PATCH /api/master/users/:id/role': MASTER,
  'GET /api/master/stats': MASTER,

  // Community content
  'POST /api/submissions/song': 'signed-in',
  'GET /api/admin/submissions': ADMIN,
  'GET /api/admin/submissions/:id/file': ADMIN,
  'PATCH /api/admin/submissions/:id': ADMIN,
  'GET /api/top5': 'signed-in',
  'PUT /api/admin/top5': ADMIN,
  'GET /api/public/roster': 'signed-in',
  'GET /api/public/team': 'signed-in',
  'GET /api/admin/roster': ADMIN,
  'POST /api/admin/roster': ADMIN,
  'DELETE /api/admin/roster/:id': ADMIN,
  'GET /api/admin/team': ADMIN,
  'POST /api/admin/team': ADMIN,
  'DELETE /api/admin/team/:id': ADMIN,
  'POST /api/admin/uploads': ADMIN,
};

// Kept for the capabilities still landing (scanner, memberships, affiliates, master).
export const ROLE_GROUPS = { ADMIN, MASTER, SCANNER, AFFILIATE };
