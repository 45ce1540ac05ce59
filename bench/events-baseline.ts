/**
 * The in-memory reference for bench/events.ts: a bare Fastify server answering
 * GET /api/events/list with the same JSON, held in memory (no database, no hooks), and
 * GET /api/events/list-raw with the same bytes pre-serialised.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const text = readFileSync(process.env.BENCH_LIST_FILE!, 'utf8');
const list = JSON.parse(text) as unknown;
const app = Fastify({ logger: false });
// The reference: the list held as objects, serialised by Fastify on each request.
app.get('/api/events/list', async () => list);
// A stricter ceiling: the very same bytes, already serialised.
app.get('/api/events/list-raw', async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline ready');
