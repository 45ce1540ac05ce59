import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { benefits, devMailbox, users } from '../../db/schema/index.ts';
import type { TestUser } from '../../../test/factories.ts';
import { waitFor } from '../../../test/helpers.ts';

/** Small helpers shared by the memberships tests. */

export const subscribe = (app: FastifyInstance, user: TestUser, tier: string) =>
  app.inject({ method: 'POST', url: `/api/subscription/subscribe?tier=${tier}`, headers: user.headers });

/** Subscribes through the local provider's checkout page (Pay), as the browser does. */
export async function subscribeLocally(app: FastifyInstance, user: TestUser, tier: string) {
  const res = await subscribe(app, user, tier);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  expect(url).toMatch(/^\/local-pay\/checkout\/lcs_/);
  const sessionId = url.split('/').pop()!;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/local/checkout/${sessionId}/complete`,
    headers: user.headers,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { sessionId, successUrl: paid.json().url as string };
}

export const portalAction = (app: FastifyInstance, user: TestUser, action: string, body?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/local/portal/${action}`,
    headers: user.headers,
    ...(body ? { payload: body } : {}),
  });

export async function userRow(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

export const benefitsOf = (app: FastifyInstance, userId: number) =>
  app.db.select().from(benefits).where(eq(benefits.userId, userId));

/** Subjects of the mails sent to an address so far (mail goes through a job: waits for `expected`). */
export async function subjectsTo(app: FastifyInstance, email: string, expected?: string): Promise<string[]> {
  const read = async () =>
    (await app.db.select().from(devMailbox).where(eq(devMailbox.to, email))).map((r) => r.subject);
  if (expected) await waitFor(async () => (await read()).some((s) => s.includes(expected)));
  return read();
}

export const asAdmin = (app: FastifyInstance, admin: TestUser, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: admin.headers });
