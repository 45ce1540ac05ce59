/**
 * A promoter's three years in PostgreSQL (issue 19), for `npm run bench:scale` and the plan guard:
 * at scale 1, 1,000 events (past, upcoming, drafts, cancelled), 200,000 accounts (a master, admins,
 * door staff, 50 affiliates, 20,000 members in every subscription state, some waiting for age
 * verification or found underage, deleted, disabled and unverified accounts), ~800,000
 * reservations and orders (paid, refunded in full or in part, cancelled-event refunds, abandoned
 * checkouts, free ones), ~2,000,000 tickets (STANDARD and VIP, free member tickets, void ones, ~40%
 * of past ones admitted), their scan log, affiliate sales, memberships with the local provider's
 * customers and subscriptions, benefits, audit rows, door devices and 10,000 song submissions.
 *
 * Everything is set-based SQL (generate_series, INSERT ... SELECT) and deterministic (hashes of
 * row numbers, no random()), so two loads at one scale are the same data. The schema comes from
 * the project's own migrations (`migrateDatabase`); the rows respect every constraint and the
 * app's invariants: events.sold_* count the tickets sold (a refund gives its stock back, a
 * cancelled event keeps its sales history), nothing is held, at most 10 tickets per account and
 * event, free tickets STANDARD only and one per member and event, affiliates only on paid tickets.
 *
 *   node --import tsx bench/scale/generate.ts --database-url postgres://postgres@127.0.0.1:5432/x --scale 0.05
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENEFITS_BY_TIER } from '@fourfour/shared/memberships';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';

export interface ScaleOptions {
  /** 1 = the promoter's three years; 0.05 for CI, 5 and up for headroom. */
  scale?: number;
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
}

/** The accounts and rows a benchmark or test signs in as or asks for, all made by the generator. */
export interface ScalePersonas {
  masterId: number;
  adminId: number;
  /** An EVENT_WORKER who worked the doors. */
  doorId: number;
  /** The affiliate with the most sales. */
  affiliateId: number;
  affiliateCode: string;
  /** A fan with exactly 50 tickets over 13 events, some upcoming. */
  fanId: number;
  /** The biggest past event (most tickets), and the first upcoming published one. */
  busyEventId: number;
  nextEventId: number;
  /** The calendar month (YYYY-MM) with the most paid tickets. */
  busyMonth: string;
}

export interface ScaleSummary {
  scale: number;
  seconds: number;
  counts: Record<string, number>;
  personas: ScalePersonas;
}

/** Fixed accounts at the start of the id range; everything else follows from the scale. */
const MASTER_ID = 1;
const ADMINS = 5;
const FAN_50_TICKETS = 'fan50@scale.test';

/** The sizes at a scale. */
export function scalePlan(scale: number) {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  const users = n(200_000, 2_000);
  const workers = n(20, 3);
  const affiliates = n(50, 5);
  const members = n(20_000, 200);
  const underage = Math.max(2, Math.round(members / 100));
  const unverified = Math.max(5, Math.round(users / 100));
  const specials = 1 + ADMINS + workers + affiliates + 1; // master, admins, door staff, affiliates, the 50-ticket fan
  const poolFirst = specials + 1;
  const poolSize = users - specials - underage - unverified;
  return {
    scale,
    events: n(1_000, 20),
    tickets: n(2_000_000, 2_000),
    users,
    workers,
    affiliates,
    members,
    underage,
    unverified,
    submissions: n(10_000, 50),
    firstWorker: 1 + ADMINS + 1,
    firstAffiliate: 1 + ADMINS + workers + 1,
    fanId: specials,
    poolFirst,
    poolSize,
    /** Members who buy come first in the pool; the underage ones sit after it and never buy. */
    buyingMembers: members - underage,
    firstUnderage: poolFirst + poolSize,
    firstUnverified: poolFirst + poolSize + underage,
    stride: coprimeStride(poolSize),
  };
}

/** A stride coprime with the pool size: k -> (offset + k * stride) mod size never repeats within one event. */
function coprimeStride(size: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let s = 7919;
  while (gcd(s, size) !== 1) s += 2;
  return s;
}

const FIRST = ['James', 'Olivia', 'Amara', 'Theo', 'Zoë', 'Inès', 'Kofi', 'Maya', 'Luca', 'Nia', 'Omar', 'Priya'];
const COMMON_LAST = ['Smith', 'Jones', 'Williams', 'Brown', 'Taylor', 'Müller', 'Ångström', 'Núñez', 'Okafor'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'sa', 'tor', 'vel', 'bri', 'dun', 'fa', 'gor', 'hal', 'jin', 'pol', 'quin'];
const VENUES = ['Printworks Annex', 'The Vault', 'Warehouse 44', 'Basement One', 'Riverside Hall', 'Studio Nine'];
const ARTISTS = ['Kerri Chandler', 'Honey Dijon', 'Peggy Gou', 'Floating Points', 'Jayda G', 'DJ Seinfeld', 'Ben UFO'];
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (xs: readonly string[]) => `ARRAY[${xs.map(sqlText).join(',')}]`;

/** Helper functions for the load, in their own schema (dropped at the end). */
function helperFunctions(): string {
  const syl = (div: number) => `(${sqlArray(SYLLABLES)})[1 + ($1 / ${div}) % ${SYLLABLES.length}]`;
  return `
    DROP SCHEMA IF EXISTS scale_gen CASCADE;
    CREATE SCHEMA scale_gen;
    -- A stable non-negative hash of a row number and a salt.
    CREATE FUNCTION scale_gen.h(bigint, int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT hashint8($1 * 1009 + $2) & 2147483647 $$;
    -- A version-4 shaped UUID from a text (the API's schemas check the version and variant bits).
    CREATE FUNCTION scale_gen.uuid(text) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT (substr(m, 1, 12) || '4' || substr(m, 14, 3) || translate(substr(m, 17, 1), '0123456789abcdef', '89ab89ab89ab89ab')
        || substr(m, 18))::uuid FROM md5($1) m $$;
    CREATE FUNCTION scale_gen.first_name(int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT (${sqlArray(FIRST)})[1 + $1 % ${FIRST.length}] $$;
    -- 9% carry one of the common surnames (about 20,000 Smiths at scale 1); the rest are generated.
    CREATE FUNCTION scale_gen.last_name(int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT CASE WHEN $1 % 100 < 9 THEN (${sqlArray(COMMON_LAST)})[1 + ($1 / 7) % ${COMMON_LAST.length}]
        ELSE initcap(${syl(3)} || ${syl(50)} || ${syl(800)} || ${syl(12000)}) END $$;
  `;
}

/** Applies the project's migrations to the database, as the server does at start-up. */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/**
 * Fills a migrated, empty database. Needs a superuser connection (foreign-key triggers are
 * skipped during the load with session_replication_role; every row is consistent by construction).
 */
export async function generateScaleData(databaseUrl: string, options: ScaleOptions = {}): Promise<ScaleSummary> {
  const scale = options.scale ?? 1;
  const log = options.log ?? ((line: string) => console.error(line));
  const p = scalePlan(scale);
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = async (what: string, text: string) => {
    const t = Date.now();
    const r = await client.query(text);
    const rows = Array.isArray(r) ? '' : r.rowCount ? ` (${r.rowCount} rows)` : '';
    log(`  ${what}${rows}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    const { rows: existing } = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
    if (Number(existing[0]!.n) > 0) throw new Error('generateScaleData needs an empty, migrated database');
    await client.query(`SET synchronous_commit = off; SET maintenance_work_mem = '256MB'; SET work_mem = '64MB'`);
    await client.query(helperFunctions());
    // Secondary indexes are built once at the end with their own DDL (faster than row by row).
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes i
       WHERE schemaname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const i of indexes) await client.query(`DROP INDEX "${i.indexname}"`);
    await client.query('SET session_replication_role = replica');

    await fillUsers(run, p);
    await fillEvents(run, p);
    await fillMemberships(run, p);
    await fillOrders(run, p);
    await fillAfterSales(run, p);

    await client.query('SET session_replication_role = origin');
    for (const i of indexes) await run(`index ${i.indexname}`, i.indexdef);
    await run('drop helpers', 'DROP SCHEMA scale_gen CASCADE; DROP TABLE scale_events, scale_orders, scale_members');
    // VACUUM as well as ANALYZE: three years of a promoter's data have long been vacuumed by
    // autovacuum, and a table just loaded has no visibility map (no index-only scans) and no hint
    // bits (the first reads of every page write it). Left to autovacuum, the scale-1 database was
    // still not vacuumed 1.5 h after it was made.
    await run('VACUUM (ANALYZE)', 'VACUUM (ANALYZE)');
    const counts: Record<string, number> = {};
    for (const table of [
      'users',
      'events',
      'reservations',
      'orders',
      'tickets',
      'ticket_scans',
      'subscriptions',
      'benefits',
      'audit_log',
      'song_submissions',
      'order_refunds',
    ]) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      counts[table] = Number(rows[0]!.n);
    }
    const personas = await findScalePersonas(client);
    const seconds = (Date.now() - started) / 1000;
    log(`  loaded in ${seconds.toFixed(0)} s: ${JSON.stringify(counts)}`);
    return { scale, seconds, counts, personas };
  } finally {
    await client.end();
  }
}

type Run = (what: string, text: string) => Promise<void>;
type Plan = ReturnType<typeof scalePlan>;

/** Accounts: ids 1..users in a fixed layout (scalePlan), so orders can name buyers by arithmetic. */
async function fillUsers(run: Run, p: Plan) {
  const role = `CASE WHEN g = ${MASTER_ID} THEN 'MASTER' WHEN g <= ${1 + ADMINS} THEN 'ADMIN'
      WHEN g < ${p.firstAffiliate} THEN 'EVENT_WORKER' WHEN g < ${p.fanId} THEN 'AFFILIATE' ELSE 'USER' END::role`;
  // Pool layout: buying members, then fans; then underage members; then accounts never verified.
  await run(
    `${p.users} users`,
    `INSERT INTO users (id, email, username, password_hash, birth_date, role, email_verified_at, verify_code_hash,
        verify_code_expires_at, verify_code_sent_at, totp_enabled, disabled, deleted, deleted_at, affiliate_code,
        last_active_at, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT g,
       CASE WHEN deleted THEN NULL WHEN g = ${p.fanId} THEN '${FAN_50_TICKETS}'
            WHEN g <= ${p.fanId} THEN lower(${role}::text) || g || '@scale.test'
            ELSE lower(scale_gen.first_name(h) || '.' || scale_gen.last_name(h / 3)) || g || '@'
              || (ARRAY['gmail.com','outlook.com','proton.me','icloud.com','yahoo.co.uk'])[1 + h % 5] END,
       CASE WHEN deleted THEN NULL WHEN g <= ${p.fanId} THEN lower(${role}::text) || '_' || g
            ELSE lower(scale_gen.first_name(h / 7) || '_' || translate(scale_gen.last_name(h / 3), 'üÅöñúÜ', 'uAonuU')) || g END,
       '$argon2id$v=19$m=19456,t=2,p=1$c2NhbGVzY2FsZXNjYWxl$scale', -- no one signs in with a password
       (date '1965-01-01' + (h % 14600))::date,
       ${role},
       CASE WHEN g >= ${p.firstUnverified} THEN NULL ELSE created END,
       CASE WHEN g >= ${p.firstUnverified} THEN md5('code' || g) END,
       CASE WHEN g >= ${p.firstUnverified} THEN created + interval '10 minutes' END,
       CASE WHEN g >= ${p.firstUnverified} THEN created END,
       g <= ${1 + ADMINS}, -- admins and the master sign in with two factors
       NOT deleted AND g > ${p.fanId} AND h % 500 = 1,
       deleted, CASE WHEN deleted THEN created + interval '200 days' END,
       CASE WHEN g >= ${p.firstAffiliate} AND g < ${p.fanId} THEN 'AFF' || lpad((g - ${p.firstAffiliate} + 1)::text, 4, '0') END,
       now() - (h % 400) * interval '1 day',
       created, created
     FROM generate_series(1, ${p.users}) g,
       LATERAL (SELECT scale_gen.h(g, 1) AS h) x,
       -- Accounts opened over the three years before the first event; unverified ones lately.
       LATERAL (SELECT CASE WHEN g >= ${p.firstUnverified} THEN now() - (h % 20) * interval '1 day'
                            ELSE now() - interval '1200 days' + (h % 120) * interval '1 day' END AS created,
                       g > ${p.fanId} AND g < ${p.firstUnderage} AND h % 200 = 3 AS deleted) y`,
  );
  await run('users identity', `SELECT setval(pg_get_serial_sequence('users', 'id'), ${p.users})`);
}

/**
 * Events over three years, two or three nights a week: ~92% past, the rest upcoming (a tenth of them
 * unpublished drafts), 3% cancelled. Sizes vary (weight 0.4-2.4, every 40th a big night at x3).
 */
async function fillEvents(run: Run, p: Plan) {
  const days = 1095;
  const ahead = 90;
  const ticketsPerOrder = 2.5; // and 4% of orders are abandoned checkouts without tickets
  await run(
    `${p.events} events (plan)`,
    `CREATE UNLOGGED TABLE scale_events AS
     WITH base AS (
       SELECT i, h,
         date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '22 hours'
           - interval '${days - ahead} days' + ((i - 1) * ${days} / ${p.events}) * interval '1 day' AS local_start,
         (0.4 + (h % 1000) / 500.0) * CASE WHEN i % 40 = 7 THEN 3 ELSE 1 END AS weight,
         i % 33 = 5 AS cancelled
       FROM generate_series(1, ${p.events}) i, LATERAL (SELECT scale_gen.h(i, 2) AS h) x
     ), timed AS (
       SELECT *, local_start AT TIME ZONE 'Europe/London' AS starts_at FROM base
     ), sized AS (
       SELECT *, starts_at < now() AS past,
         -- Drafts sell nothing; an upcoming night has sold 20-90% of what a past one sells.
         CASE WHEN starts_at >= now() AND i % 10 = 0 THEN 0
              WHEN starts_at >= now() THEN 0.2 + (h % 70) / 100.0 ELSE 1 END AS sold_share
       FROM timed
     )
     SELECT i AS id, h, starts_at, starts_at + interval '6 hours' AS ends_at, cancelled, past,
       sold_share = 0 AS draft,
       round(${p.tickets / ticketsPerOrder / 0.96} * weight * sold_share / sum(weight * sold_share) OVER ())::int AS n_orders,
       1200 + (h % 8) * 250 AS std_price, (1200 + (h % 8) * 250) * 5 / 2 AS vip_price
     FROM sized`,
  );
  await run(
    'events (order numbers)',
    `ALTER TABLE scale_events ADD COLUMN n_from bigint;
     UPDATE scale_events e SET n_from = c.n_from FROM (
       SELECT id, coalesce(sum(n_orders) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS n_from
       FROM scale_events) c WHERE c.id = e.id`,
  );
  // Totals and sold counters are set from the tickets once they exist (fillAfterSales).
  await run(
    `${p.events} events`,
    `INSERT INTO events (id, title, description, location, starts_at, ends_at, status, cancelled, cancelled_at,
        standard_price_pence, vip_price_pence, attendee_changes_allowed, organiser_name, organiser_contact,
        created_by, updated_by, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT id,
       (${sqlArray(ARTISTS)})[1 + h % ${ARTISTS.length}] || CASE WHEN h % 3 = 0 THEN ' all night long' ELSE ' b2b '
         || (${sqlArray(ARTISTS)})[1 + (h / 7) % ${ARTISTS.length}] END || ' #' || id,
       'House and disco until late. Night ' || id || ' of the FourFour calendar.',
       (${sqlArray(VENUES)})[1 + (h / 11) % ${VENUES.length}] || ', London',
       starts_at, ends_at,
       CASE WHEN draft THEN 'PLANNED' ELSE 'PUBLISHED' END::event_status,
       cancelled, CASE WHEN cancelled THEN least(now(), starts_at - interval '3 days') END,
       std_price, vip_price, h % 9 <> 0,
       CASE WHEN h % 25 = 0 THEN 'Guest Promotions Ltd' END, CASE WHEN h % 25 = 0 THEN 'tickets@guest.example' END,
       2, 2 + h % ${ADMINS}, starts_at - interval '90 days', least(now(), starts_at - interval '1 day')
     FROM scale_events`,
  );
  await run('events identity', `SELECT setval(pg_get_serial_sequence('events', 'id'), ${p.events})`);
}

/**
 * Members: the first `members - underage` accounts of the buyer pool plus the underage block. Every
 * subscription state (ACTIVE, CANCELLED to the period's end, FAILED payment, ENDED), verification
 * VERIFIED, PENDING (new members waiting) or UNDERAGE (their membership ended), with the local
 * provider's customer and subscription, the subscriptions row and the tier's benefits.
 */
async function fillMemberships(run: Run, p: Plan) {
  const members = `(SELECT g AS id, scale_gen.h(g, 3) AS h FROM generate_series(${p.poolFirst}, ${p.poolFirst + p.buyingMembers - 1}) g
      UNION ALL SELECT g, scale_gen.h(g, 3) FROM generate_series(${p.firstUnderage}, ${p.firstUnverified - 1}) g)`;
  await run(
    'members (plan)',
    `CREATE TEMP TABLE scale_members AS
     SELECT id, h,
       (ARRAY['ENTRY','ENTRY','ENTRY','MIDDLE','MIDDLE','HEADLINER'])[1 + h % 6]::subscription_tier AS tier,
       CASE WHEN id >= ${p.firstUnderage} THEN 'ENDED' WHEN h % 100 < 60 THEN 'ACTIVE' WHEN h % 100 < 70 THEN 'CANCELLED'
            WHEN h % 100 < 75 THEN 'FAILED' ELSE 'ENDED' END::subscription_status AS status,
       CASE WHEN id >= ${p.firstUnderage} THEN 'UNDERAGE' WHEN h % 100 < 5 THEN 'PENDING' ELSE 'VERIFIED' END::verification_status AS verification,
       -- PENDING members joined in the last fortnight; the others up to two years ago.
       CASE WHEN h % 100 < 5 AND id < ${p.firstUnderage} THEN now() - (1 + h / 100 % 14) * interval '1 day'
            ELSE now() - (30 + h / 100 % 700) * interval '1 day' END AS started
     FROM ${members} m`,
  );
  await run(
    'members (periods)',
    `ALTER TABLE scale_members ADD COLUMN period_end timestamptz, ADD COLUMN ended timestamptz;
     UPDATE scale_members SET
       period_end = started + make_interval(months => ceil(extract(epoch FROM now() - started) / 2629800)::int + CASE WHEN status = 'ENDED' THEN -1 ELSE 0 END),
       ended = CASE WHEN status = 'ENDED' THEN now() - (h % 25) * interval '1 day' END`,
  );
  await run(
    'local customers',
    `INSERT INTO local_customers (id, idempotency_key, email, metadata, created_at)
     SELECT 'lcus_scale_' || m.id, 'customer:' || m.id, u.email, jsonb_build_object('userId', m.id::text), m.started
     FROM scale_members m JOIN users u ON u.id = m.id`,
  );
  await run(
    'local subscriptions',
    `INSERT INTO local_subscriptions (id, customer_id, price_id, status, cancel_at_period_end, current_period_start,
        current_period_end, metadata, created_at, ended_at)
     SELECT 'lsub_scale_' || id, 'lcus_scale_' || id, 'local_price_' || tier,
       CASE status WHEN 'FAILED' THEN 'past_due' WHEN 'ENDED' THEN 'canceled' ELSE 'active' END,
       status = 'CANCELLED', period_end - interval '1 month', period_end,
       jsonb_build_object('kind', 'subscription', 'userId', id::text, 'tier', tier::text), started, ended
     FROM scale_members`,
  );
  await run(
    'subscriptions',
    `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, tier, status,
        provider_status, cancel_at_period_end, current_period_end, started_at, activated_at, ended_at, updated_at)
     SELECT id, 'local', 'lsub_scale_' || id, 'lcus_scale_' || id, tier, status,
       CASE status WHEN 'FAILED' THEN 'past_due' WHEN 'ENDED' THEN 'canceled' ELSE 'active' END,
       status = 'CANCELLED', period_end, started, started, ended, coalesce(ended, started)
     FROM scale_members`,
  );
  await run(
    'users (memberships)',
    `UPDATE users u SET subscription_tier = CASE WHEN m.status = 'ENDED' THEN 'NONE' ELSE m.tier END,
       subscription_status = m.status, verification_status = m.verification, subscription_start_date = m.started,
       subscription_expires_at = coalesce(m.ended, m.period_end), payment_customer_id = 'lcus_scale_' || m.id,
       payment_subscription_id = 'lsub_scale_' || m.id, birth_date = CASE WHEN m.verification = 'UNDERAGE'
         THEN (now() - interval '17 years')::date ELSE u.birth_date END
     FROM scale_members m WHERE u.id = m.id`,
  );
  // The tier's benefits (and the ones below it), granted when the membership first ran; half delivered.
  const benefitRows = (['ENTRY', 'MIDDLE', 'HEADLINER'] as const).flatMap((tier) =>
    BENEFITS_BY_TIER[tier].map((type) => `(${sqlText(tier)}::subscription_tier, ${sqlText(type)})`),
  );
  await run(
    'benefits',
    `INSERT INTO benefits (user_id, benefit_type, tier, delivered_at, delivered_by, created_at)
     SELECT m.id, b.type, b.tier, CASE WHEN scale_gen.h(m.id, length(b.type)) % 2 = 0 THEN m.started + interval '20 days' END,
       CASE WHEN scale_gen.h(m.id, length(b.type)) % 2 = 0 THEN 2 + m.h % ${ADMINS} END, m.started
     FROM scale_members m JOIN (VALUES ${benefitRows.join(', ')}) b(tier, type) ON b.tier <= m.tier
     WHERE m.verification = 'VERIFIED'`,
  );
}

/**
 * Reservations, orders and tickets from one plan row per order. Within an event the k-th order is
 * bought by pool account (offset + k * stride) mod pool: distinct accounts, at most 4 tickets each.
 * States: 4% abandoned checkouts (EXPIRED, no tickets), 3% refunded in full, 1% partly refunded
 * from the back office, every paid order of a cancelled event refunded; the rest PAID. A fifth of
 * running members' orders use a free ticket; a tenth of paid orders came through an affiliate.
 */
async function fillOrders(run: Run, p: Plan) {
  const fanOrders = 13; // 12 x 4 + 1 x 2 = 50 tickets
  await run(
    'orders (plan)',
    `CREATE UNLOGGED TABLE scale_orders AS
     WITH bulk AS (
       SELECT e.n_from + k AS n, e.id AS event_id, e.h AS event_h, e.starts_at, e.cancelled, e.past,
         ${p.poolFirst} + ((e.id::bigint * 104729 + k::bigint * ${p.stride}) % ${p.poolSize}) AS user_id,
         1 + scale_gen.h(e.n_from + k, 4) % 4 AS qty
       FROM scale_events e, generate_series(0, e.n_orders - 1) k
     ), fan AS (
       -- The 50-ticket fan: 13 published, not cancelled events spread over the years, the last ones upcoming.
       SELECT -j AS n, e.id, e.h, e.starts_at, e.cancelled, e.past, ${p.fanId}::bigint, CASE WHEN j = ${fanOrders} THEN 2 ELSE 4 END
       FROM generate_series(1, ${fanOrders}) j,
         LATERAL (SELECT * FROM scale_events WHERE NOT draft AND NOT cancelled
                  ORDER BY abs(id - round(${p.events} * (0.3 + 0.69 * j / ${fanOrders}))) LIMIT 1) e
     ), plan AS (SELECT * FROM bulk UNION ALL SELECT * FROM fan)
     SELECT p.*, h2, h3,
       CASE WHEN n < 0 THEN 'PAID' WHEN h2 % 1000 < 40 THEN 'EXPIRED'
            -- A cancelled event's paid orders are refunded, unless a third-party organiser ran it.
            WHEN cancelled AND event_h % 25 <> 0 THEN 'CANCEL_REFUNDED' WHEN cancelled THEN 'CANCELLED_ORGANISER'
            WHEN h2 % 1000 < 70 THEN 'REFUNDED' WHEN h2 % 1000 < 80 AND qty >= 2 THEN 'PARTIAL' ELSE 'PAID' END AS state,
       u.subscription_status IN ('ACTIVE', 'CANCELLED') AND u.verification_status = 'VERIFIED' AND h3 % 5 = 0 AS free,
       -- Bought 1-45 days before the night; for a night still ahead, at most 60 days ago.
       CASE WHEN starts_at - (1 + h3 % 45) * interval '1 day' < now() - interval '1 hour'
            THEN starts_at - (1 + h3 % 45) * interval '1 day' - (h2 % 86400) * interval '1 second'
            ELSE now() - interval '1 hour' - (h3 % 60) * interval '1 day' - (h2 % 86400) * interval '1 second' END AS at,
       scale_gen.uuid('reservation' || n) AS reservation_id, scale_gen.uuid('order' || n) AS order_id
     FROM plan p JOIN users u ON u.id = p.user_id,
       LATERAL (SELECT scale_gen.h(n, 5) AS h2, scale_gen.h(n, 6) AS h3) x`,
  );
  await run(
    'orders (prices)',
    `ALTER TABLE scale_orders ADD COLUMN vip_qty int, ADD COLUMN affiliate_id bigint, ADD COLUMN total int;
     UPDATE scale_orders o SET
       vip_qty = CASE WHEN NOT o.free AND o.h2 % 10 = 3 THEN o.qty ELSE 0 END,
       affiliate_id = CASE WHEN NOT o.free AND o.h3 % 10 = 7 AND o.n > 0 THEN CASE WHEN o.h2 % 5 = 0 THEN ${p.firstAffiliate}
         ELSE ${p.firstAffiliate} + o.h2 / 10 % ${p.affiliates} END END;
     -- A free ticket alone cost nothing and is never refunded.
     UPDATE scale_orders SET state = 'PAID' WHERE state = 'REFUNDED' AND free AND qty = 1;
     UPDATE scale_orders o SET total = (o.qty - o.vip_qty - o.free::int) * e.std_price + o.vip_qty * e.vip_price
     FROM scale_events e WHERE e.id = o.event_id`,
  );
  // Ticket k of order n: VIP when the order is, free when it is the free order's first; names by hash.
  const line = `scale_gen.h(o.n * 8 + k, 7)`;
  await run(
    'reservations',
    `INSERT INTO reservations (id, user_id, event_id, status, standard_qty, vip_qty, free_qty, items, affiliate_id,
        total_pence, expires_at, released_at, created_at)
     SELECT o.reservation_id, o.user_id, o.event_id, CASE WHEN o.state = 'EXPIRED' THEN 'EXPIRED' ELSE 'FULFILLED' END,
       o.qty - o.vip_qty, o.vip_qty, o.free::int,
       (SELECT jsonb_agg(jsonb_build_object('ticketType', CASE WHEN k <= o.vip_qty THEN 'VIP' ELSE 'STANDARD' END,
           'firstName', scale_gen.first_name(${line}), 'lastName', scale_gen.last_name(${line} / 13),
           'dateOfBirth', (date '1970-01-01' + ${line} % 12000)::text, 'useFreeTicket', o.free AND k = 1,
           'pricePence', CASE WHEN o.free AND k = 1 THEN 0 WHEN k <= o.vip_qty THEN e.vip_price ELSE e.std_price END,
           'releaseId', NULL) ORDER BY k)
        FROM generate_series(1, o.qty) k),
       o.affiliate_id, o.total, o.at + interval '30 minutes', o.at + interval '3 minutes', o.at
     FROM scale_orders o JOIN scale_events e ON e.id = o.event_id`,
  );
  await run(
    'orders',
    `INSERT INTO orders (id, reservation_id, user_id, event_id, provider, provider_session_id, provider_payment_id,
        provider_refund_id, refund_reason, amount_pence, refunded_pence, emailed_at, status, outcome, affiliate_id,
        paid_at, refunded_at, created_at, updated_at)
     SELECT o.order_id, o.reservation_id, o.user_id, o.event_id,
       CASE WHEN o.total = 0 THEN 'none' ELSE 'local' END,
       CASE WHEN o.total > 0 THEN 'lcs_scale_' || o.n END,
       CASE WHEN o.total > 0 AND o.state <> 'EXPIRED' THEN 'lpi_scale_' || o.n END,
       CASE WHEN o.total > 0 AND o.state IN ('REFUNDED', 'CANCEL_REFUNDED') THEN 'lre_scale_' || o.n END,
       CASE WHEN o.total = 0 THEN NULL WHEN o.state = 'CANCEL_REFUNDED' THEN 'EVENT_CANCELLED'
            WHEN o.state = 'REFUNDED' THEN (ARRAY['ADMIN','PROVIDER','TIMEOUT'])[1 + o.h3 % 3] END,
       o.total,
       CASE WHEN o.total = 0 THEN 0 WHEN o.state IN ('REFUNDED', 'CANCEL_REFUNDED') THEN o.total
            WHEN o.state = 'PARTIAL' THEN CASE WHEN o.qty <= o.vip_qty THEN e.vip_price ELSE e.std_price END ELSE 0 END,
       CASE WHEN o.state <> 'EXPIRED' THEN o.at + interval '4 minutes' END,
       CASE WHEN o.state = 'EXPIRED' THEN 'EXPIRED' WHEN o.total > 0 AND o.state IN ('REFUNDED', 'CANCEL_REFUNDED')
            THEN 'REFUNDED' ELSE 'PAID' END,
       CASE WHEN o.state = 'EXPIRED' THEN NULL ELSE 'FULFILLED' END,
       o.affiliate_id,
       CASE WHEN o.state <> 'EXPIRED' THEN o.at + interval '3 minutes' END,
       CASE WHEN o.total > 0 AND o.state = 'REFUNDED' THEN o.at + interval '5 days'
            WHEN o.total > 0 AND o.state = 'CANCEL_REFUNDED' THEN e.starts_at - interval '3 days' END,
       o.at, CASE WHEN o.state IN ('REFUNDED', 'CANCEL_REFUNDED', 'PARTIAL') THEN least(now(), o.at + interval '5 days') ELSE o.at + interval '4 minutes' END
     FROM scale_orders o JOIN scale_events e ON e.id = o.event_id`,
  );
  // Past tickets: ~40% admitted at the door (by the event's door staff, within the night).
  await run(
    'tickets',
    `INSERT INTO tickets (id, order_id, event_id, user_id, ticket_type, first_name, last_name, date_of_birth,
        price_paid_pence, is_free, status, affiliate_id, used_at, used_by, used_device, voided_at, created_at)
     SELECT scale_gen.uuid('ticket' || o.n || '.' || k), o.order_id, o.event_id, o.user_id,
       CASE WHEN k <= o.vip_qty THEN 'VIP' ELSE 'STANDARD' END::ticket_type,
       CASE WHEN purged THEN NULL ELSE scale_gen.first_name(${line}) END,
       CASE WHEN purged THEN NULL ELSE scale_gen.last_name(${line} / 13) END,
       CASE WHEN purged THEN NULL ELSE date '1970-01-01' + ${line} % 12000 END,
       CASE WHEN o.free AND k = 1 THEN 0 WHEN k <= o.vip_qty THEN e.vip_price ELSE e.std_price END,
       o.free AND k = 1, st.status::ticket_status,
       CASE WHEN o.free AND k = 1 THEN NULL ELSE o.affiliate_id END,
       CASE WHEN st.status = 'USED' THEN e.starts_at + (${line} % 14400) * interval '1 second' END,
       CASE WHEN st.status = 'USED' THEN ${p.firstWorker} + (e.id + ${line}) % ${p.workers} END,
       CASE WHEN st.status = 'USED' THEN 'web-scale' || lpad(((e.id + ${line}) % ${p.workers})::text, 3, '0') END,
       CASE WHEN st.status = 'VOID' THEN least(now(), CASE WHEN e.cancelled THEN e.starts_at - interval '3 days'
            ELSE o.at + interval '5 days' END) END,
       o.at + interval '3 minutes'
     FROM scale_orders o JOIN scale_events e ON e.id = o.event_id JOIN users u ON u.id = o.user_id,
       generate_series(1, o.qty) k,
       LATERAL (SELECT CASE WHEN e.cancelled OR o.state IN ('REFUNDED', 'CANCEL_REFUNDED') OR (o.state = 'PARTIAL' AND k = o.qty) THEN 'VOID'
                            WHEN e.past AND ${line} % 100 < 40 THEN 'USED' ELSE 'VALID' END AS status,
                       u.deleted AND e.past AS purged) st
     WHERE o.state <> 'EXPIRED'`,
  );
}

/** What follows from the sales: event counters, the scan log, door devices, refunds, audit, content. */
async function fillAfterSales(run: Run, p: Plan) {
  // sold_* count every ticket not voided, and a cancelled event's whole history; nothing is held.
  // Totals leave 0-40% unsold (a fifth of past nights sold out); drafts get their planned capacity.
  await run(
    'events (stock counters)',
    `UPDATE events ev SET sold_standard = coalesce(s.std, 0), sold_vip = coalesce(s.vip, 0),
       total_standard = CASE WHEN se.draft THEN 1500 WHEN se.h % 5 = 0 AND se.past THEN coalesce(s.std, 0) ELSE coalesce(s.std, 0) + 20 + coalesce(s.std, 0) * (se.h % 40) / 100 END,
       total_vip = CASE WHEN se.draft THEN 150 WHEN se.h % 5 = 0 AND se.past THEN coalesce(s.vip, 0) ELSE coalesce(s.vip, 0) + 5 + coalesce(s.vip, 0) * (se.h % 40) / 100 END
     FROM scale_events se LEFT JOIN (
       -- One pass over the tickets (their indexes are built after the load).
       SELECT t.event_id,
         count(*) FILTER (WHERE t.ticket_type = 'STANDARD' AND (t.status <> 'VOID' OR e.cancelled))::int AS std,
         count(*) FILTER (WHERE t.ticket_type = 'VIP' AND (t.status <> 'VOID' OR e.cancelled))::int AS vip
       FROM tickets t JOIN scale_events e ON e.id = t.event_id GROUP BY t.event_id) s ON s.event_id = se.id
     WHERE ev.id = se.id`,
  );
  // One OK row per admission; 5% were shown twice (ALREADY_USED); refused void and unknown codes.
  await run(
    'scan log',
    `INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device, created_at)
     SELECT id, event_id, used_by, 'OK', used_device, used_at FROM tickets WHERE status = 'USED'
     UNION ALL
     SELECT id, event_id, used_by, 'ALREADY_USED', used_device, used_at + interval '7 minutes'
     FROM tickets WHERE status = 'USED' AND (hashtext(id::text) & 65535) % 20 = 0
     UNION ALL
     SELECT CASE WHEN g % 2 = 0 THEN scale_gen.uuid('unknown' || g) END, e.id, ${p.firstWorker} + g % ${p.workers},
       CASE WHEN g % 2 = 0 THEN 'INVALID' ELSE 'WRONG_DAY' END, 'web-scale000', e.starts_at + (g % 240) * interval '1 minute'
     FROM scale_events e, generate_series(1, 8) g WHERE e.past AND NOT e.cancelled`,
  );
  await run(
    'door devices',
    `INSERT INTO scan_devices (id, name, named_by, named_at, last_seen_at)
     SELECT 'web-scale' || lpad(g::text, 3, '0'), 'Door ' || (g + 1), ${p.firstWorker} + g, now() - interval '900 days', now() - interval '3 days'
     FROM generate_series(0, ${p.workers - 1}) g;
     INSERT INTO door_devices (event_id, device_id, user_id, first_seen_at, last_seen_at)
     SELECT e.id, 'web-scale' || lpad(g::text, 3, '0'), ${p.firstWorker} + g, e.starts_at - interval '2 hours', e.ends_at
     FROM scale_events e, generate_series(0, ${p.workers - 1}) g WHERE e.past AND NOT e.cancelled`,
  );
  await run(
    'partial refunds',
    `INSERT INTO order_refunds (order_id, request_key, ticket_ids, amount_pence, reason, status, provider_refund_id,
        requested_by, created_at, completed_at)
     SELECT o.order_id, o.order_id || ':' || t.id, jsonb_build_array(t.id), t.price_paid_pence, 'Could not attend',
       'SUCCEEDED', 'lre_scale_p' || o.n, 2 + o.h3 % ${ADMINS}, t.voided_at, t.voided_at
     FROM scale_orders o JOIN tickets t ON t.id = scale_gen.uuid('ticket' || o.n || '.' || o.qty)
     WHERE o.state = 'PARTIAL'`,
  );
  // Audit: events created, published, edited and cancelled; refunds; role grants; memberships decided.
  await run(
    'audit log',
    `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, details, created_at)
     SELECT 2 + (e.h + a.i) % ${ADMINS}, a.action, 'event', e.id::text, jsonb_build_object('title', ev.title), ev.created_at + a.i * interval '1 day'
     FROM scale_events e JOIN events ev ON ev.id = e.id,
       (VALUES (0, 'event.create'), (1, 'event.publish'), (2, 'event.update'), (3, 'event.prices'), (4, 'event.update')) a(i, action)
     WHERE NOT (e.draft AND a.i > 0)
     UNION ALL
     SELECT 2 + e.h % ${ADMINS}, 'event.cancel', 'event', e.id::text, '{}', e.starts_at - interval '3 days' FROM scale_events e WHERE e.cancelled
     UNION ALL
     SELECT CASE WHEN r.status = 'SUCCEEDED' THEN r.requested_by END, 'order.refunded', 'order', r.order_id::text,
       jsonb_build_object('refundId', r.id, 'ticketIds', r.ticket_ids, 'amountPence', r.amount_pence, 'reason', r.reason), r.completed_at
     FROM order_refunds r
     UNION ALL
     SELECT 2 + o.h3 % ${ADMINS}, 'order.resent', 'order', o.order_id::text, '{}', o.at + interval '2 days'
     FROM scale_orders o WHERE o.h3 % 100 = 42 AND o.state = 'PAID'
     UNION ALL
     SELECT ${MASTER_ID}, 'user.role.change', 'user', u.id::text, jsonb_build_object('from', 'USER', 'to', u.role::text), u.created_at + interval '1 day'
     FROM users u WHERE u.role <> 'USER' AND u.id <> ${MASTER_ID}
     UNION ALL
     SELECT 2 + m.h % ${ADMINS}, 'verification.' || lower(m.verification::text), 'user', m.id::text, '{}', m.started + interval '2 days'
     FROM scale_members m WHERE m.verification <> 'PENDING'`,
  );
  await run(
    `${p.submissions} song submissions`,
    `INSERT INTO song_submissions (user_id, first_name, last_name, email, phone, link, birth_date, interests, file_key,
        file_name, file_size, reviewed, reviewed_by, created_at)
     SELECT CASE WHEN g % 4 = 0 THEN NULL ELSE ${p.poolFirst} + (g::bigint * 7907) % ${p.poolSize} END,
       scale_gen.first_name(h), scale_gen.last_name(h / 3), 'artist' || g || '@gmail.com',
       CASE WHEN g % 3 = 0 THEN '+4477009' || lpad((g % 100000)::text, 5, '0') END,
       CASE WHEN g % 2 = 0 THEN 'https://soundcloud.com/artist' || g END,
       (date '1980-01-01' + h % 9000)::text,
       (ARRAY['["production"]', '["djing"]', '["production","djing"]', '["vocals"]'])[1 + h % 4]::jsonb,
       'submissions/scale-' || g || '.mp3', 'demo-' || g || '.mp3', 2000000 + h % 8000000,
       at < now() - interval '30 days', CASE WHEN at < now() - interval '30 days' THEN 2 + h % ${ADMINS} END, at
     FROM generate_series(1, ${p.submissions}) g, LATERAL (SELECT scale_gen.h(g, 9) AS h) x,
       LATERAL (SELECT now() - (g::bigint * 1095 / ${p.submissions}) * interval '1 day' - (h % 86400) * interval '1 second' AS at) y`,
  );
  await run(
    'content',
    `INSERT INTO top5_songs (rank, title, artist, overview, spotify_track_id, updated_by)
     SELECT g, 'Track ' || g, (${sqlArray(ARTISTS)})[g], 'A weekly pick.', '4uLU6hMCjMI75M1A2tKUQ' || g, 2 FROM generate_series(1, 5) g;
     INSERT INTO roster_entries (name, blurb, category, sort_order)
     SELECT 'Artist ' || g, 'Resident since ' || (2020 + g % 5), (ARRAY['DJ','PRODUCER','VOCALIST'])[1 + g % 3], g FROM generate_series(1, 40) g;
     INSERT INTO team_members (name, title, blurb, sort_order)
     SELECT 'Team member ' || g, (ARRAY['Promoter','A&R','Door manager','Designer'])[1 + g % 4], 'Part of the crew.', g FROM generate_series(1, 12) g`,
  );
}

/** The personas of a generated database (the same at every scale: found by role and address). */
export async function findScalePersonas(client: pg.Client): Promise<ScalePersonas> {
  const one = async <T>(text: string) => (await client.query<T & pg.QueryResultRow>(text)).rows[0]!;
  const ids = await one<Record<'master' | 'admin' | 'door' | 'affiliate' | 'fan', string>>(
    `SELECT min(id) FILTER (WHERE role = 'MASTER') AS master, min(id) FILTER (WHERE role = 'ADMIN') AS admin,
       min(id) FILTER (WHERE role = 'EVENT_WORKER') AS door, min(id) FILTER (WHERE role = 'AFFILIATE') AS affiliate,
       min(id) FILTER (WHERE email = '${FAN_50_TICKETS}') AS fan FROM users`,
  );
  const code = await one<{ code: string }>(`SELECT affiliate_code AS code FROM users WHERE id = ${ids.affiliate}`);
  const busy = await one<{ id: string }>(
    `SELECT event_id AS id FROM tickets t JOIN events e ON e.id = t.event_id WHERE e.starts_at < now() AND NOT e.cancelled
     GROUP BY event_id ORDER BY count(*) DESC, event_id LIMIT 1`,
  );
  const next = await one<{ id: string }>(
    `SELECT id FROM events WHERE starts_at > now() AND status = 'PUBLISHED' AND NOT cancelled ORDER BY starts_at LIMIT 1`,
  );
  const month = await one<{ m: string }>(
    `SELECT to_char(paid_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS m FROM orders WHERE status = 'PAID'
     GROUP BY 1 ORDER BY sum(amount_pence) DESC LIMIT 1`,
  );
  return {
    masterId: Number(ids.master),
    adminId: Number(ids.admin),
    doorId: Number(ids.door),
    affiliateId: Number(ids.affiliate),
    affiliateCode: code.code,
    fanId: Number(ids.fan),
    busyEventId: Number(busy.id),
    nextEventId: Number(next.id),
    busyMonth: month.m,
  };
}

/** Command line: a database (created when --create), migrated, then filled. */
async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      scale: { type: 'string', default: '1' },
      create: { type: 'boolean', default: false },
    },
  });
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('--database-url (or DATABASE_URL) is required');
  if (values.create) {
    const url = new URL(databaseUrl);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
  }
  await migrateDatabase(databaseUrl);
  const summary = await generateScaleData(databaseUrl, { scale: Number(values.scale) });
  console.log(JSON.stringify(summary, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
