import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@fourfour/shared/enums';
import { events, sessions } from '../src/db/schema/index.ts';
import { createUser as insertUser } from '../src/modules/users/users.service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const TEST_PASSWORD = 'Test#Pass1234';

export interface TestUser {
  id: number;
  email: string;
  username: string;
  role: Role;
  password: string;
  /** A valid access token for this user. */
  token: string;
  /** The signed-in device (sessions row) the token belongs to. */
  sessionId: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/** A verified user with the given role (USER by default) and a signed-in access token. */
export async function createUser(
  app: FastifyInstance,
  overrides: { role?: Role; email?: string; username?: string; password?: string; birthDate?: string } = {},
): Promise<TestUser> {
  const id = unique();
  const password = overrides.password ?? TEST_PASSWORD;
  const row = await insertUser(app.db, {
    email: overrides.email ?? `user_${id}@example.test`,
    username: overrides.username ?? `u_${id}`.slice(0, 30),
    password,
    birthDate: overrides.birthDate ?? '1994-03-02',
    role: overrides.role ?? 'USER',
    verified: true,
  });
  const { token, sessionId } = await signInAs(app, row);
  return {
    id: row.id,
    email: row.email ?? '',
    username: row.username ?? '',
    role: row.role,
    password,
    token,
    sessionId,
    headers: { authorization: `Bearer ${token}` },
  };
}

/**
 * A signed-in device for a user row, as a password sign-in leaves it (a sessions row), and an
 * access token naming it: for tests that make users in bulk or straight in the table.
 */
/** The user deletes their own account through the API, with their password (DELETE /api/account/delete). */
export function deleteOwnAccount(app: FastifyInstance, user: TestUser) {
  return app.inject({
    method: 'DELETE',
    url: '/api/account/delete',
    headers: user.headers,
    payload: { password: user.password },
  });
}

/** A test app with a fan (USER) and an ADMIN, the cast most admin-screen tests start from. */
export async function appWithFanAndAdmin(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; fan: TestUser; admin: TestUser }> {
  const t = await createTestApp({ env });
  return { t, fan: await createUser(t.app), admin: await createUser(t.app, { role: 'ADMIN' }) };
}

export async function signInAs(
  app: FastifyInstance,
  user: { id: number; role: Role; sessionVersion: number },
): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomUUID();
  await app.db.insert(sessions).values({ id: sessionId, userId: user.id, userAgent: 'factory' });
  const { token } = await app.accessTokens.sign({ ...user, sessionId });
  return { token, sessionId };
}

export interface EventOverrides {
  title?: string;
  description?: string | null;
  location?: string | null;
  /** Default: 14 days from now, 22:00 UTC. */
  startsAt?: Date | null;
  endsAt?: Date | null;
  status?: 'PLANNED' | 'PUBLISHED';
  cancelled?: boolean;
  totalStandard?: number;
  totalVip?: number;
  standardPricePence?: number;
  vipPricePence?: number;
  organiserName?: string | null;
  organiserContact?: string | null;
}

/** A published event with stock and prices (row inserted directly; the events API is tested on its own). */
export async function createEvent(app: FastifyInstance, overrides: EventOverrides = {}) {
  const startsAt = overrides.startsAt === undefined ? new Date(Date.now() + 14 * 24 * 3600_000) : overrides.startsAt;
  const endsAt =
    overrides.endsAt === undefined ? (startsAt ? new Date(startsAt.getTime() + 6 * 3600_000) : null) : overrides.endsAt;
  const [row] = await app.db
    .insert(events)
    .values({
      title: overrides.title ?? `Event ${unique()}`,
      description: overrides.description === undefined ? 'Deep house all night.' : overrides.description,
      location: overrides.location === undefined ? 'Warehouse 44, London' : overrides.location,
      startsAt,
      endsAt,
      status: overrides.status ?? 'PUBLISHED',
      cancelled: overrides.cancelled ?? false,
      totalStandard: overrides.totalStandard ?? 100,
      totalVip: overrides.totalVip ?? 20,
      standardPricePence: overrides.standardPricePence ?? 2000,
      vipPricePence: overrides.vipPricePence ?? 5000,
      organiserName: overrides.organiserName ?? null,
      organiserContact: overrides.organiserContact ?? null,
    })
    .returning();
  if (!row) throw new Error('event insert returned no row');
  return row;
}
