/**
 * What each route the web calls is called with (issue 19), shared by the scale benchmark
 * (bench.ts) and the plan guard (apps/api/test/plan-guard.test.ts): the persona that calls it,
 * its path and query parameters, its searches and a deep or last page, and the routes left out
 * with the reason. Anything not named here gets defaults: its required query parameters by name,
 * path parameters by name and place, the first page and, for a paged list, its last page (offset
 * paging) or a deep page (40 cursor pages on).
 */
import type pg from 'pg';
import type { ScalePersonas } from './generate.ts';
import type { ApiOperation } from './web-routes.ts';

export type Persona = 'ANON' | 'FAN' | 'MEMBER' | 'AFFILIATE' | 'DOOR' | 'ADMIN' | 'MASTER';
type Query = Record<string, string | number | boolean>;

export interface Variant {
  label: string;
  persona: Persona;
  method: string;
  url: string;
  body?: unknown;
}

export interface Context {
  personas: ScalePersonas;
  memberId: number;
  busyOrderId: string;
  fanTicketId: string;
  fanSessionId: string;
  submissionId: number;
}

const BASE_QUERY: Record<string, Query> = {
  'GET /api/admin/orders': { size: 25 },
  'GET /api/admin/events': { size: 20 },
  'GET /api/admin/submissions': { size: 20 },
  'GET /api/admin/events/{id}/attendees': { size: 200 },
  'GET /api/master/users': { page: 0, size: 20, sort: 'id,DESC' },
  'GET /api/admin/benefits/subscribers': { page: 0, size: 20 },
  'GET /api/admin/verification/pending': { page: 0 },
  'GET /api/master/affiliates': { page: 0, size: 50 },
  'GET /api/account/my-tickets': { includePast: false, includeQr: false },
  'GET /api/ticket-scan/events/{id}/pack': { deviceId: 'web-scale000' },
};

/** Searches and filters a user makes on the page (a common surname, one event, past tickets too). */
const EXTRA_QUERIES = (ctx: Context): Record<string, { label: string; query: Query }[]> => ({
  'GET /api/admin/orders': [
    { label: 'search "smith"', query: { q: 'smith' } },
    { label: 'busiest event', query: { eventId: ctx.personas.busyEventId } },
  ],
  'GET /api/admin/events/{id}/attendees': [{ label: 'search "smith"', query: { q: 'smith' } }],
  'GET /api/master/users': [{ label: 'search "smith"', query: { email: 'smith' } }],
  'GET /api/admin/benefits/subscribers': [{ label: 'search "smith"', query: { email: 'smith' } }],
  'GET /api/master/affiliates': [{ label: 'search "aff"', query: { q: 'aff' } }],
  'GET /api/account/my-tickets': [{ label: 'with past', query: { includePast: true } }],
});

/** Changes the web makes that are safe to repeat (same answer, nothing piles up), with their bodies. */
const REPEATABLE_CHANGES: Record<string, { persona?: Persona; body: unknown }> = {
  'POST /api/admin/events/{id}/message/preview': { body: { subject: 'Doors at 10pm', body: 'See you tonight.' } },
  'PUT /api/ticket-scan/device': { body: { deviceId: 'web-scale000', name: 'Door 1' } },
  'PATCH /api/admin/submissions/{id}': { body: { reviewed: true } },
};

const SKIPPED: Record<string, string> = {
  'GET /api/payments/local/checkout/{sessionId}':
    "the local provider's demo payment page: the generated orders have no local checkout session rows (one primary-key read)",
  'GET /api/subscription/checkout-result': 'needs a fresh subscription checkout session; none in the generated data',
  'POST /api/auth/login':
    'argon2id costs ~50 ms of CPU by design and failures count toward the lockout; one unique-index read',
  'POST /api/auth/refresh': 'rotates the refresh token on every call; one unique-index read by token hash',
  'POST /api/ticket-scan': 'admits a ticket once, and every call writes a scan-log row; timed by npm run bench:scan',
};

export function skipReason(op: ApiOperation): string | null {
  const key = `${op.method} ${op.path}`;
  if (SKIPPED[key]) return SKIPPED[key]!;
  if (op.method !== 'GET' && !REPEATABLE_CHANGES[key]) return 'changes data: not repeatable';
  return null;
}

export function personaFor(op: ApiOperation): Persona {
  if (!op.signedIn) return 'ANON';
  if (op.roles.length === 0) return /\/subscription\/|\/payments\/local\/portal/.test(op.path) ? 'MEMBER' : 'FAN';
  // The least privileged role the route allows: the one whose page calls it.
  const order: [string, Persona][] = [
    ['AFFILIATE', 'AFFILIATE'],
    ['EVENT_WORKER', 'DOOR'],
    ['ADMIN', 'ADMIN'],
    ['MASTER', 'MASTER'],
  ];
  return order.find(([role]) => op.roles.includes(role))?.[1] ?? 'ADMIN';
}

export function pathParam(op: ApiOperation, name: string, ctx: Context): string | number | null {
  const p = op.path;
  if (name === 'ticketId') return ctx.fanTicketId;
  if (name === 'sessionId') return null;
  if (/^\/api\/(events\/\{id\}\/releases|ticket-scan\/events\/\{id\})/.test(p)) return ctx.personas.nextEventId;
  if (/^\/api\/(admin\/events|media\/events|events)\/\{id\}/.test(p)) return ctx.personas.busyEventId;
  if (p.startsWith('/api/admin/orders/{id}')) return ctx.busyOrderId;
  if (p.startsWith('/api/admin/benefits/user/{id}')) return ctx.memberId;
  if (p.startsWith('/api/master/affiliates/{id}')) return ctx.personas.affiliateId;
  if (p.startsWith('/api/admin/submissions/{id}')) return ctx.submissionId;
  if (p.startsWith('/api/master/users/{id}')) return ctx.personas.fanId;
  return null;
}

export function requiredQuery(op: ApiOperation, ctx: Context): Query | string {
  const q: Query = {};
  for (const { name, required } of op.query) {
    if (!required) continue;
    const value: Record<string, string | number> = {
      eventId: ctx.personas.nextEventId,
      month: ctx.personas.busyMonth,
      category: 'DJ',
      code: ctx.personas.affiliateCode,
      session_id: ctx.fanSessionId,
      tier: 'MIDDLE',
    };
    if (value[name] === undefined) return `no value for the required query parameter ${name}`;
    q[name] = value[name]!;
  }
  return q;
}

export const withQuery = (p: string, q: Query) => {
  const s = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)] as [string, string])).toString();
  return s ? `${p}?${s}` : p;
};

/** The ids the variants name, found in a generated database. */
export async function setupContext(db: pg.ClientBase | pg.Pool, personas: ScalePersonas): Promise<Context> {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await db.query<T>(text, values)).rows[0]!;
  const member = await one<{ id: string }>(
    `SELECT id FROM users WHERE subscription_status = 'ACTIVE' AND verification_status = 'VERIFIED' AND NOT deleted AND NOT disabled
     ORDER BY id LIMIT 1`,
  );
  const order = await one<{ id: string }>(
    `SELECT o.id FROM orders o JOIN tickets t ON t.order_id = o.id WHERE o.event_id = $1 AND o.status = 'PAID'
     GROUP BY o.id ORDER BY count(*) DESC, o.id LIMIT 1`,
    [personas.busyEventId],
  );
  const ticket = await one<{ id: string; session: string }>(
    `SELECT t.id, o.provider_session_id AS session FROM tickets t JOIN events e ON e.id = t.event_id JOIN orders o ON o.id = t.order_id
     WHERE t.user_id = $1 AND t.status = 'VALID' ORDER BY e.starts_at DESC LIMIT 1`,
    [personas.fanId],
  );
  const submission = await one<{ id: string }>('SELECT min(id) AS id FROM song_submissions WHERE reviewed');
  return {
    personas,
    memberId: Number(member.id),
    busyOrderId: order.id,
    fanTicketId: ticket.id,
    fanSessionId: ticket.session,
    submissionId: Number(submission.id),
  };
}

/** The calls made for one route: its first page and searches, plus a last or deep page for a list. */
export async function variantsFor(
  op: ApiOperation,
  ctx: Context,
  get: (persona: Persona, url: string) => Promise<unknown>,
): Promise<Variant[] | string> {
  const key = `${op.method} ${op.path}`;
  const skip = skipReason(op);
  if (skip) return skip;
  const persona = personaFor(op);
  let concrete = op.path;
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
    const value = pathParam(op, name!, ctx);
    if (value === null) return `no value for the path parameter ${name}`;
    concrete = concrete.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const required = requiredQuery(op, ctx);
  if (typeof required === 'string') return required;
  const base = { ...required, ...BASE_QUERY[key] };
  const change = REPEATABLE_CHANGES[key];
  if (change)
    return [{ label: '', persona: change.persona ?? persona, method: op.method, url: concrete, body: change.body }];
  const variants: Variant[] = [{ label: '', persona, method: op.method, url: withQuery(concrete, base) }];
  for (const extra of EXTRA_QUERIES(ctx)[key] ?? []) {
    variants.push({
      label: extra.label,
      persona,
      method: op.method,
      url: withQuery(concrete, { ...base, ...extra.query }),
    });
  }
  const names = op.query.map((q) => q.name);
  if (names.includes('cursor')) {
    // A deep page as the web reaches it: following nextCursor, up to 40 pages on.
    let cursor: string | null = null;
    let pages = 0;
    for (; pages < 40; pages++) {
      const answer = (await get(persona, withQuery(concrete, cursor ? { ...base, cursor } : base))) as {
        nextCursor?: string | null;
      } | null;
      if (!answer?.nextCursor) break;
      cursor = answer.nextCursor;
    }
    if (cursor) {
      variants.push({
        label: pages < 40 ? `last page (${pages + 1})` : 'page 41 (cursor)',
        persona,
        method: op.method,
        url: withQuery(concrete, { ...base, cursor }),
      });
    }
  } else if (names.includes('page')) {
    const first = (await get(persona, withQuery(concrete, base))) as { totalPages?: number } | null;
    if (first?.totalPages && first.totalPages > 1) {
      variants.push({
        label: `last page (${first.totalPages})`,
        persona,
        method: op.method,
        url: withQuery(concrete, { ...base, page: first.totalPages - 1 }),
      });
    }
  }
  return variants;
}

/** The account each signed-in persona is, and the role its token carries. */
export function personaAccounts(ctx: Context): Record<Exclude<Persona, 'ANON'>, { id: number; role: string }> {
  const { personas } = ctx;
  return {
    FAN: { id: personas.fanId, role: 'USER' },
    MEMBER: { id: ctx.memberId, role: 'USER' },
    AFFILIATE: { id: personas.affiliateId, role: 'AFFILIATE' },
    DOOR: { id: personas.doorId, role: 'EVENT_WORKER' },
    ADMIN: { id: personas.adminId, role: 'ADMIN' },
    MASTER: { id: personas.masterId, role: 'MASTER' },
  };
}
