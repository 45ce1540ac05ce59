import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';

/**
 * What other domains do when an account is deleted. A module registers a handler at import time:
 *
 *   onAccountDeleted('subscriptions', async (app, userId, tx) => {
 *     await app.jobs.send('subscriptions.cancel-at-period-end', { userId }, { tx });
 *   });
 *
 * Handlers run inside the deletion's transaction, in registration order: database work uses `tx`,
 * and anything outside the database (the payment provider, mail) is queued as a job with `{ tx }`,
 * so it happens if and only if the deletion commits. A handler that throws aborts the deletion.
 */
export type AccountDeletedHandler = (app: FastifyInstance, userId: number, tx: Tx) => Promise<void>;

const handlers: { name: string; handler: AccountDeletedHandler }[] = [];

export function onAccountDeleted(name: string, handler: AccountDeletedHandler): void {
  if (!handlers.some((h) => h.name === name)) handlers.push({ name, handler });
}

export async function runAccountDeletedHandlers(app: FastifyInstance, userId: number, tx: Tx): Promise<void> {
  for (const { handler } of handlers) await handler(app, userId, tx);
}

export function accountDeletedHandlerNames(): string[] {
  return handlers.map((h) => h.name);
}
