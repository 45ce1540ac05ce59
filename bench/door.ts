/**
 * The offline door's figures (issue 22), `npm run bench:door` (needs `npm run build` first):
 *
 * 1. The door pack of a 2,000-ticket event: its size as JSON, gzip and brotli (as the server's
 *    compression sends it), the download time over loopback (median of 20), the size of a minute's
 *    refresh (changes since the version: none, and 50 admissions), all from the production server
 *    on a fresh PostgreSQL database.
 * 2. In Chromium on the phone profile (390x844, touch, CPU slowed 4x, and a "slow 4G" network: 1.6
 *    Mbit/s down, 750 kbit/s up, 150 ms round trip): the scanner downloads the pack (click to the
 *    list shown), then, offline, checks SCANS tickets typed in full (the same path as a camera read):
 *    read to verdict (signature verified with WebCrypto, the door list, the phone's queue) and read
 *    to recorded (the admission written to IndexedDB), median and p95.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:door
 *   BENCH_TICKETS=2000 BENCH_SCANS=40 (defaults)
 */
import { request } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { ticketQrValue } from '../apps/api/src/modules/tickets/qr.ts';
import { median, PAID_ORDER_CTE, quantile, startServer, startSessions } from './support.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 2000);
const SCANS = Number(process.env.BENCH_SCANS ?? 40);
const PASSWORD = 'Bench#Door2026';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FIRST_NAMES = ['Amara', 'Theo', 'Zara', 'Ines', 'Kofi', 'Maya', 'Luca', 'Nia', 'Omar', 'Priya', 'Sam', 'Yara'];
const LAST_NAMES = ['Okafor', 'Mensah', 'Adeyemi', 'Silva', 'Kowalski', 'Haddad', 'Nguyen', 'Byrne'];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${median(s).toFixed(1)} ms, p95 ${quantile(s, 0.95).toFixed(1)} ms (n=${s.length})`;
};

async function main() {
  const server = await startServer('door');
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const tag = Date.now().toString(36);
    const { rows: users } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at, role)
       VALUES ('door_${tag}@example.test', 'door_${tag}', $1, '1990-01-01', now(), 'EVENT_WORKER'),
              ('holder_${tag}@example.test', 'holder_${tag}', 'x', '1990-01-01', now(), 'USER')
       RETURNING id`,
      [await hashPassword(PASSWORD)],
    );
    const [doorId, holderId] = users.map((u) => u.id) as [string, string];
    const [sessionId] = await startSessions(pool, [doorId]);
    const token = server.accessToken(doorId, 'EVENT_WORKER', sessionId!);
    const { rows: events } = await pool.query<{ id: string; starts_at: Date; ends_at: Date }>(
      `INSERT INTO events (title, status, starts_at, ends_at, total_standard, total_vip, standard_price_pence, vip_price_pence)
       VALUES ('Door pack bench', 'PUBLISHED', now() - interval '1 hour', now() + interval '5 hours', $1, $1, 2000, 5000)
       RETURNING id, starts_at, ends_at`,
      [TICKETS],
    );
    const event = events[0]!;
    const eventId = Number(event.id);
    await pool.query(
      `${PAID_ORDER_CTE}
       INSERT INTO tickets (order_id, event_id, user_id, ticket_type, first_name, last_name, date_of_birth, price_paid_pence)
       SELECT o.id, $2, $1, CASE WHEN g % 10 = 0 THEN 'VIP'::ticket_type ELSE 'STANDARD'::ticket_type END,
         ($4::text[])[1 + g % array_length($4::text[], 1)], ($5::text[])[1 + g % array_length($5::text[], 1)],
         '1992-02-02', 2000
       FROM o, generate_series(1, $3) g`,
      [holderId, eventId, TICKETS, FIRST_NAMES, LAST_NAMES],
    );
    // A fifth already admitted, as a pack downloaded mid-evening would have them.
    await pool.query(
      `UPDATE tickets SET status = 'USED', used_at = now() - interval '20 minutes', used_by = $2, used_device = 'bench'
       WHERE event_id = $1 AND id IN (SELECT id FROM tickets WHERE event_id = $1 ORDER BY id LIMIT $3)`,
      [eventId, doorId, Math.floor(TICKETS / 5)],
    );

    // 1. The pack over HTTP.
    const url = `${server.baseUrl}/api/ticket-scan/events/${eventId}/pack?deviceId=bench-phone`;
    /** One download as it crosses the wire (not decompressed): bytes and time to the last byte. */
    const get = (encoding: string) =>
      new Promise<{ ms: number; wire: number; encoding: string | undefined }>((resolve, reject) => {
        const started = performance.now();
        const req = request(
          url,
          { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
          (res) => {
            let wire = 0;
            res.on('data', (chunk: Buffer) => (wire += chunk.length));
            res.on('end', () =>
              res.statusCode === 200
                ? resolve({ ms: performance.now() - started, wire, encoding: res.headers['content-encoding'] })
                : reject(new Error(`pack ${res.statusCode}`)),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    const full = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
    const json = Buffer.from(JSON.stringify(full));
    const times = { br: [] as number[], gzip: [] as number[], identity: [] as number[] };
    for (let i = 0; i < 20; i++) {
      for (const enc of ['br', 'gzip', 'identity'] as const) times[enc].push((await get(enc)).ms);
    }
    const sent = { br: await get('br'), gzip: await get('gzip') };
    const emptyDelta = Buffer.from(
      JSON.stringify(
        await (await fetch(`${url}&since=${full.version}`, { headers: { authorization: `Bearer ${token}` } })).json(),
      ),
    );
    await pool.query(
      `UPDATE tickets SET status = 'USED', used_at = now(), used_by = $2, used_device = 'bench'
       WHERE id IN (SELECT id FROM tickets WHERE event_id = $1 AND status = 'VALID' ORDER BY id DESC LIMIT 50)`,
      [eventId, doorId],
    );
    const delta50 = Buffer.from(
      JSON.stringify(
        await (await fetch(`${url}&since=${full.version}`, { headers: { authorization: `Bearer ${token}` } })).json(),
      ),
    );
    console.log(`door pack, ${TICKETS} tickets (${full.tickets.length} in the pack):`);
    console.log(
      `  JSON ${kb(json.length)}; gzip ${kb(gzipSync(json).length)}; brotli ${kb(brotliCompressSync(json).length)}`,
    );
    console.log(
      `  on the wire from the server: ${sent.br.encoding} ${kb(sent.br.wire)}, ${sent.gzip.encoding} ${kb(sent.gzip.wire)}`,
    );
    console.log(`  download over loopback: br ${ms(times.br)}; gzip ${ms(times.gzip)}; identity ${ms(times.identity)}`);
    console.log(`  refresh with no change: ${kb(emptyDelta.length)}; after 50 admissions: ${kb(delta50.length)} JSON`);

    // 2. The scanner on the phone profile.
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const login = await page.request.post('/api/auth/login', {
      data: { email: `door_${tag}@example.test`, password: PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`login ${login.status()} ${await login.text()}`);
    await page.goto('/ticket/scan');
    await page.getByTestId('works-offline').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Download the door list of Door pack bench' }).click();
    await page.getByTestId('door-pack').waitFor({ timeout: 120_000 });
    const downloadMs = performance.now() - clicked;
    console.log(`scanner (phone profile, slow 4G): click to door list stored and shown ${downloadMs.toFixed(0)} ms`);

    await context.setOffline(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const { rows: valid } = await pool.query<{ id: string; ticket_type: 'STANDARD' | 'VIP' }>(
      `SELECT id, ticket_type FROM tickets WHERE event_id = $1 AND status = 'VALID' ORDER BY random() LIMIT $2`,
      [eventId, SCANS],
    );
    for (const t of valid) {
      const code = ticketQrValue(
        { ticketId: t.id, eventId, ticketType: t.ticket_type, startsAt: event.starts_at, endsAt: event.ends_at },
        server.signingKey,
      );
      await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
      await page.getByRole('button', { name: 'Check code' }).click();
      await page
        .getByTestId('scan-valid')
        .waitFor({ timeout: 30_000 })
        .catch(async (err) => {
          throw new Error(`no valid card: ${await page.locator('main').textContent()}`, { cause: err });
        });
      await page.getByRole('button', { name: 'Scan next ticket' }).click();
    }
    const measured = await page.evaluate(() => ({
      verdict: performance.getEntriesByName('door:offline-verdict').map((e) => e.duration),
      recorded: performance.getEntriesByName('door:offline-recorded').map((e) => e.duration),
    }));
    console.log(`offline, phone profile (CPU 4x), ${SCANS} admissions typed in full:`);
    console.log(`  read to verdict: ${ms(measured.verdict)}`);
    console.log(`  read to recorded: ${ms(measured.recorded)}`);
    await context.close();
  } finally {
    await browser.close();
    await pool.end();
    await server.stop();
  }
}

await main();
