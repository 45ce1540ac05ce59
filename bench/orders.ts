/**
 * The back office at two million tickets (issue 21), `npm run bench:orders`: the production server
 * on a fresh PostgreSQL database (dropped at the end) filled with generate_series — 200,000 users,
 * 1,000 events, 800,000 orders, 2,000,000 tickets with varied names (common and accented ones) —
 * then ANALYZE, then each call below timed over HTTP (p50/p95 of BENCH_CALLS after 5 warm-ups):
 * the order list's first page, a deep keyset page, one event's orders, searches (reference, email,
 * a common surname, an accented name, a very common email fragment), one order's page, and the
 * attendee list of a 2,000-ticket event (first page, and a name search).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:orders
 *   BENCH_TICKETS=2000000 BENCH_CALLS=30 (defaults; the rest scale with the tickets)
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { quantile, startServer, startSessions } from './support.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 2_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const ORDERS = Math.round(TICKETS * 0.4); // 1 to 4 tickets each, 2.5 on average
const USERS = Math.round(TICKETS / 10);
const EVENTS = Math.max(1, Math.round(TICKETS / 2000));

// Names: a few very common ones, accented ones, and generated ones (syllables) for the long tail.
const FIRST = ['James', 'Olivia', 'Amara', 'Theo', 'Zoë', 'Inès', 'Kofi', 'Maya', 'Luca', 'Nia', 'Omar', 'Priya'];
const COMMON_LAST = ['Smith', 'Jones', 'Williams', 'Brown', 'Taylor', 'Müller', 'Ångström', 'Núñez', 'Okafor'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'sa', 'tor', 'vel', 'bri', 'dun', 'fa', 'gor', 'hal', 'jin', 'pol', 'quin'];

const sqlArray = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

const ms = (n: number) => n.toFixed(1);

async function timeIt(label: string, call: () => Promise<Response>, rows: (body: unknown) => string) {
  for (let i = 0; i < 5; i++) await (await call()).arrayBuffer();
  const times: number[] = [];
  let last: unknown;
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    const res = await call();
    const body = await res.json();
    times.push(performance.now() - started);
    if (!res.ok) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
    last = body;
  }
  times.sort((a, b) => a - b);
  const line = `| ${label} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${rows(last)} |`;
  console.log(line);
  return line;
}

async function fill(pool: pg.Pool) {
  const started = Date.now();
  const step = async (what: string, text: string) => {
    const t = Date.now();
    await pool.query(text);
    console.error(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  // The fill skips foreign-key triggers (every row is made consistent by construction) and builds
  // the search indexes once at the end, with the migration's own DDL.
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query('SET session_replication_role = replica');
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('tickets', 'orders', 'users', 'reservations')
         AND indexname NOT LIKE '%pkey' AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
    );
    for (const i of indexes) await client.query(`DROP INDEX ${i.indexname}`);
    const run = async (what: string, text: string) => {
      const t = Date.now();
      await client.query(text);
      console.error(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    await run(
      `${USERS} users`,
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at)
       SELECT 'fan' || g || '@' || (ARRAY['gmail.com','outlook.com','proton.me','fourfour.test'])[1 + g % 4],
              'fan_' || g, 'x', '1990-01-01', now()
       FROM generate_series(1, ${USERS}) g`,
    );
    await run(
      `${EVENTS} events`,
      `INSERT INTO events (title, status, starts_at, ends_at, total_standard, total_vip, standard_price_pence, vip_price_pence)
       SELECT 'Bench night ' || g, 'PUBLISHED', now() + (g - ${EVENTS / 2}) * interval '1 day',
              now() + (g - ${EVENTS / 2}) * interval '1 day' + interval '6 hours', 5000, 500, 2000, 5000
       FROM generate_series(1, ${EVENTS}) g`,
    );
    // Order n: buyer, event and time from n (spread over two years, newest = n 1); 1 + n % 4 tickets.
    await run(
      `${ORDERS} reservations`,
      `INSERT INTO reservations (id, user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at, created_at)
       SELECT md5('r' || n)::uuid, u.id, e.id, 'FULFILLED', 1 + n % 4, 0, '[]', 2000 * (1 + n % 4), now(), now()
       FROM (SELECT min(id) AS first FROM users) u0, (SELECT min(id) AS first FROM events) e0,
         generate_series(1, ${ORDERS}) n,
         LATERAL (SELECT u0.first + (n::bigint * 7919) % ${USERS} AS id, e0.first + n % ${EVENTS} AS id2) x,
         LATERAL (SELECT x.id) u(id), LATERAL (SELECT x.id2) e(id)`,
    );
    await run(
      `${ORDERS} orders`,
      `INSERT INTO orders (reservation_id, user_id, event_id, provider, provider_session_id, amount_pence, status, outcome, paid_at, created_at, updated_at)
       SELECT r.id, r.user_id, r.event_id, 'local', 'bench_' || r.id, r.total_pence,
              CASE WHEN random() < 0.03 THEN 'REFUNDED' ELSE 'PAID' END, 'FULFILLED', t.at, t.at, t.at
       FROM reservations r, LATERAL (SELECT now() - random() * interval '730 days' AS at) t`,
    );
    await run(
      `tickets (~${TICKETS})`,
      `INSERT INTO tickets (order_id, event_id, user_id, ticket_type, first_name, last_name, date_of_birth, price_paid_pence, created_at)
       SELECT o.id, o.event_id, o.user_id, 'STANDARD',
         (${sqlArray(FIRST)})[1 + (h % ${FIRST.length})],
         CASE WHEN h % 100 < 9 THEN (${sqlArray(COMMON_LAST)})[1 + (h / 7) % ${COMMON_LAST.length}]
              ELSE initcap((${sqlArray(SYLLABLES)})[1 + (h / 3) % ${SYLLABLES.length}]
                || (${sqlArray(SYLLABLES)})[1 + (h / 50) % ${SYLLABLES.length}]
                || (${sqlArray(SYLLABLES)})[1 + (h / 800) % ${SYLLABLES.length}]
                || (${sqlArray(SYLLABLES)})[1 + (h / 12000) % ${SYLLABLES.length}]) END,
         '1990-01-01', 2000, o.created_at
       FROM orders o
       CROSS JOIN LATERAL generate_series(1, o.amount_pence / 2000) k
       CROSS JOIN LATERAL (SELECT abs(hashtext(o.id::text || k)) AS h) x`,
    );
    await client.query('SET session_replication_role = origin');
    for (const i of indexes) await run(`index ${i.indexname}`, i.indexdef);
  } finally {
    client.release();
  }
  await step('ANALYZE', 'ANALYZE');
  console.error(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function main() {
  const server = await startServer('orders');
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  const lines: string[] = [];
  try {
    await fill(pool);
    const {
      rows: [admin],
    } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at, role, totp_enabled)
       VALUES ('bench-admin@fourfour.test', 'bench_admin', 'x', '1990-01-01', now(), 'ADMIN', true) RETURNING id`,
    );
    const [sessionId] = await startSessions(pool, [admin!.id]);
    const headers = { authorization: `Bearer ${server.accessToken(admin!.id, 'ADMIN', sessionId!)}` };
    const get = (path: string) => fetch(`${server.baseUrl}${path}`, { headers });
    const counts = async (q: string) => Number((await pool.query<{ n: string }>(q)).rows[0]?.n);

    const totals = {
      tickets: await counts('SELECT count(*) AS n FROM tickets'),
      orders: await counts('SELECT count(*) AS n FROM orders'),
      users: await counts('SELECT count(*) AS n FROM users'),
      events: await counts('SELECT count(*) AS n FROM events'),
    };
    const {
      rows: [deep],
    } = await pool.query<{ at: string; id: string }>(
      `SELECT created_at::text AS at, id FROM orders ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(ORDERS / 2)} LIMIT 1`,
    );
    const deepCursor = Buffer.from(JSON.stringify(['createdAt,DESC', [deep!.at, deep!.id]])).toString('base64url');
    const {
      rows: [some],
    } = await pool.query<{ id: string; event_id: string }>(
      `SELECT id, event_id FROM orders ORDER BY created_at DESC OFFSET ${Math.min(12345, Math.floor(ORDERS / 3))} LIMIT 1`,
    );
    const {
      rows: [big],
    } = await pool.query<{ event_id: string; n: string }>(
      'SELECT event_id, count(*) AS n FROM tickets GROUP BY event_id ORDER BY count(*) < 2000, count(*) LIMIT 1',
    );
    const smiths = await counts(`SELECT count(*) AS n FROM tickets WHERE last_name = 'Smith'`);
    const {
      rows: [rare],
    } = await pool.query<{ name: string }>(
      `SELECT lower(last_name) AS name FROM tickets WHERE length(last_name) >= 8 GROUP BY last_name ORDER BY count(*), last_name LIMIT 1`,
    );
    const email = `fan${Math.floor(USERS * 0.6) + 7}@`;
    const ref = some!.id.slice(0, 8).toUpperCase();

    type Page = { content: unknown[]; totalElements: number };
    const page = (b: unknown) => `${(b as Page).content.length} of ${(b as Page).totalElements}`;
    const q = (text: string) => encodeURIComponent(text);
    console.log(
      `\n${totals.tickets} tickets, ${totals.orders} orders, ${totals.users} users, ${totals.events} events; ` +
        `${smiths} tickets of Smiths; load average before: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}\n`,
    );
    console.log('| call | p50 ms | p95 ms | rows (page of matches) |\n|---|---:|---:|---|');
    lines.push(await timeIt('orders, first page (20)', () => get('/api/admin/orders'), page));
    lines.push(
      await timeIt(
        `orders, deep page (after order ${Math.floor(ORDERS / 2)})`,
        () => get(`/api/admin/orders?cursor=${deepCursor}`),
        page,
      ),
    );
    lines.push(
      await timeIt("one event's orders, first page", () => get(`/api/admin/orders?eventId=${some!.event_id}`), page),
    );
    lines.push(await timeIt(`search: reference ${ref}`, () => get(`/api/admin/orders?q=${ref}`), page));
    lines.push(await timeIt(`search: email "${email}"`, () => get(`/api/admin/orders?q=${q(email)}`), page));
    lines.push(await timeIt('search: common surname "smith"', () => get('/api/admin/orders?q=smith'), page));
    lines.push(
      await timeIt(
        'search: "smith" in one event\'s orders',
        () => get(`/api/admin/orders?eventId=${some!.event_id}&q=smith`),
        page,
      ),
    );
    lines.push(
      await timeIt('search: accented "ZOË ÅNGSTRÖM"', () => get(`/api/admin/orders?q=${q('ZOË ÅNGSTRÖM')}`), page),
    );
    lines.push(
      await timeIt(`search: a rare surname "${rare!.name}"`, () => get(`/api/admin/orders?q=${q(rare!.name)}`), page),
    );
    lines.push(
      await timeIt('search: "proton" (a quarter of all buyers)', () => get('/api/admin/orders?q=proton'), page),
    );
    lines.push(
      await timeIt(
        'one order with its history',
        () => get(`/api/admin/orders/${some!.id}`),
        () => '1',
      ),
    );
    lines.push(
      await timeIt(
        `attendees of a ${big!.n}-ticket event, first page (100)`,
        () => get(`/api/admin/events/${big!.event_id}/attendees`),
        page,
      ),
    );
    lines.push(
      await timeIt(
        'attendees of that event, search "smith"',
        () => get(`/api/admin/events/${big!.event_id}/attendees?q=smith`),
        page,
      ),
    );
    console.log(
      `\nload average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await pool.end();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
