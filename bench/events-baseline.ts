/**
 * The in-memory reference for bench/events.ts: a bare Fastify server answering
 * GET /api/events/list with the same JSON, held in memory (no database, no hooks).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const list = JSON.parse(readFileSync(process.env.BENCH_LIST_FILE!, 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/api/events/list', async () => list);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline ready');
