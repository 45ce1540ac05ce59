import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { issueTickets, scan } from '../src/modules/scan/scan.test-kit.ts';
import { draft, reserve } from '../src/modules/tickets/tickets.test-kit.ts';
import { createEvent, createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp, testConfig, waitFor } from './helpers.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const REMOTE = '203.0.113.9';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const HOUR = 3600_000;

type Inject = TestApp['app']['inject'];

async function scrape(inject: Inject, headers: Record<string, string> = {}): Promise<string> {
  const res = await inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one series in Prometheus text, or undefined when the scrape does not have it. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = (match[2] ?? '').split(',');
    if (wanted.every((pair) => pairs.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  let t: TestApp;
  let guarded: TestApp;
  let fan: TestUser;
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT: 'off' },
      logger: loggerOptions('info', { write: (line) => void logLines.push(JSON.parse(line)) }),
    });
    // The second app: a token, and an SMTP server that is not there (every mail run fails).
    guarded = await createTestApp({
      env: { RATE_LIMIT: 'off', METRICS_TOKEN, SMTP_URL: 'smtp://127.0.0.1:9' },
    });
    fan = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await guarded?.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('counts requests by route pattern and status with a latency histogram, never by raw URL', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/media/events/987654')).statusCode).toBe(404);
    expect((await get('/api/no-such-route/reset-token-abc123')).statusCode).toBe(404);
    const text = await scrape(t.app.inject.bind(t.app));

    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(seriesValue(text, 'http_requests_total', health)).toBe(3);
    expect(seriesValue(text, 'http_request_duration_seconds_count', health)).toBe(3);
    expect(seriesValue(text, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(3);
    expect(seriesValue(text, 'http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
    const media = { route: '/api/media/events/:id', status: '404' };
    expect(seriesValue(text, 'http_requests_total', media)).toBe(1);
    expect(seriesValue(text, 'http_requests_total', { route: '(unmatched)', status: '404' })).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('reset-token-abc123');
  });

  it('counts holds granted and refused with the refusal code', async () => {
    const event = await createEvent(t.app, { totalStandard: 1 });
    const other = await createUser(t.app);
    expect((await reserve(t.app, fan, event.id, [draft()])).statusCode).toBe(200);
    expect((await reserve(t.app, other, event.id, [draft()])).statusCode).toBe(409);
    const text = await scrape(t.app.inject.bind(t.app));
    expect(seriesValue(text, 'fourfour_ticket_holds_total', { result: 'granted' })).toBe(1);
    expect(seriesValue(text, 'fourfour_ticket_holds_total', { result: 'refused', reason: 'NOT_ENOUGH_STOCK' })).toBe(1);
  });

  it('counts door scans by result', async () => {
    const door = await createUser(t.app, { role: 'EVENT_WORKER' });
    const event = await createEvent(t.app, {
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + 5 * HOUR),
    });
    const [ticket] = await issueTickets(t.app, fan, event.id);
    expect((await scan(t.app, door, ticket!.code)).statusCode).toBe(200);
    expect((await scan(t.app, door, ticket!.code)).statusCode).toBe(409);
    expect((await scan(t.app, door, 'not-a-ticket')).statusCode).toBe(404);
    const text = await scrape(t.app.inject.bind(t.app));
    expect(seriesValue(text, 'fourfour_ticket_scans_total', { result: 'OK' })).toBe(1);
    expect(seriesValue(text, 'fourfour_ticket_scans_total', { result: 'ALREADY_USED' })).toBe(1);
    expect(seriesValue(text, 'fourfour_ticket_scans_total', { result: 'INVALID' })).toBe(1);
  });

  it('counts mail sent by the mail job, and runs that failed', async () => {
    const mail = { to: 'metrics@example.test', subject: 'Metrics', text: 'Hello', html: '<p>Hello</p>' };
    await t.app.mail.sendRaw(mail);
    await waitFor(async () => {
      const text = await scrape(t.app.inject.bind(t.app));
      return (seriesValue(text, 'fourfour_mail_total', { result: 'sent', transport: 'dev-mailbox' }) ?? 0) >= 1;
    });

    await guarded.app.mail.sendRaw(mail);
    const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
    await waitFor(async () => {
      const text = await scrape(guarded.app.inject.bind(guarded.app), auth);
      return (seriesValue(text, 'fourfour_mail_total', { result: 'failed', transport: 'smtp' }) ?? 0) >= 1;
    });
  });

  it('reports job queue depth, the database pool and process metrics', async () => {
    const before = seriesValue(await scrape(t.app.inject.bind(t.app)), 'fourfour_job_queue_waiting', {
      queue: 'mail.send',
    });
    expect(before).toBeTypeOf('number');
    // Deferred by an hour: it waits in the queue for the whole test.
    await t.app.jobs.send(
      'mail.send',
      { to: 'later@example.test', subject: 'Later', text: '.', html: '.' },
      {
        startAfter: 3600,
      },
    );
    const text = await scrape(t.app.inject.bind(t.app));
    expect(seriesValue(text, 'fourfour_job_queue_waiting', { queue: 'mail.send' })).toBe(before! + 1);
    expect(seriesValue(text, 'fourfour_job_queue_active', { queue: 'mail.send' })).toBeTypeOf('number');
    expect(seriesValue(text, 'fourfour_job_queue_failed', { queue: 'mail.send' })).toBeTypeOf('number');
    expect(seriesValue(text, 'fourfour_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'fourfour_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    if (t.database.kind === 'postgres') {
      expect(seriesValue(text, 'fourfour_db_pool_idle_connections')).toBeTypeOf('number');
      expect(seriesValue(text, 'fourfour_db_pool_waiting_queries')).toBe(0);
    }
    expect(seriesValue(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('with METRICS_TOKEN, answers only the right bearer token', async () => {
    const metrics = (headers: Record<string, string>, remoteAddress?: string) =>
      guarded.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    expect((await metrics({})).statusCode).toBe(401);
    expect((await metrics({ authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` })).statusCode).toBe(401);
    expect((await metrics({ authorization: 'Bearer short' })).statusCode).toBe(401);
    expect((await metrics({ authorization: `Bearer ${fan.token}` })).statusCode).toBe(401);
    expect((await metrics({ authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(200);
    expect((await metrics({ authorization: `Bearer ${METRICS_TOKEN}` }, REMOTE)).statusCode).toBe(200);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters at start-up', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'too-short-to-guard-metrics' })).toThrow(
      /METRICS_TOKEN: must be at least 32/,
    );
  });

  it('without METRICS_TOKEN, answers only this machine with no proxy between (404 to anyone else)', async () => {
    const metrics = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await metrics('127.0.0.1')).statusCode).toBe(200);
    expect((await metrics('::1')).statusCode).toBe(200);
    expect((await metrics(REMOTE)).statusCode).toBe(404);
    expect((await metrics(REMOTE, fan.headers)).statusCode).toBe(404);
    expect((await metrics('127.0.0.1', { 'x-forwarded-for': REMOTE })).statusCode).toBe(404);
    expect((await metrics('127.0.0.1', { forwarded: `for=${REMOTE}` })).statusCode).toBe(404);
  });

  it('keeps the counts of two apps in one process apart', async () => {
    const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const guardedBefore = seriesValue(
      await scrape(guarded.app.inject.bind(guarded.app), auth),
      'http_requests_total',
      health,
    );
    const ownBefore = seriesValue(await scrape(t.app.inject.bind(t.app)), 'http_requests_total', health) ?? 0;
    for (let i = 0; i < 2; i++) await get('/api/health');
    expect(seriesValue(await scrape(t.app.inject.bind(t.app)), 'http_requests_total', health)).toBe(ownBefore + 2);
    expect(seriesValue(await scrape(guarded.app.inject.bind(guarded.app), auth), 'http_requests_total', health)).toBe(
      guardedBefore,
    );
  });

  it('logs the request id on every line of a request, and a valid traceparent’s trace id with it', async () => {
    const linesOf = (reqId: string) => logLines.filter((line) => line.reqId === reqId);
    const traced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-valid-1', traceparent: TRACEPARENT },
    });
    expect(traced.headers.traceparent).toBe(TRACEPARENT);
    const lines = linesOf('trace-valid-1');
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of lines) expect(line.traceId).toBe(TRACE_ID);

    const invalid = [
      `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`,
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`,
      `ff-${TRACE_ID}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-00f067aa0ba902b7-01-extra`,
      `00-${TRACE_ID.slice(1)}-00f067aa0ba902b7-01`,
      'not a traceparent',
    ];
    for (const [i, traceparent] of invalid.entries()) {
      const reqId = `trace-invalid-${i}`;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': reqId, traceparent },
      });
      expect(res.headers.traceparent).toBeUndefined();
      expect(linesOf(reqId).length).toBeGreaterThanOrEqual(2);
      for (const line of linesOf(reqId)) expect(line).not.toHaveProperty('traceId');
    }
    expect(JSON.stringify(logLines)).not.toContain('not a traceparent');
  });
});
