import type { FastifyInstance } from 'fastify';
import type { Role } from '@fourfour/shared/enums';
import { createUser as insertUser } from '../src/modules/users/users.service.ts';

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
  const { token } = await app.accessTokens.sign({ id: row.id, role: row.role, sessionVersion: row.sessionVersion });
  return {
    id: row.id,
    email: row.email ?? '',
    username: row.username ?? '',
    role: row.role,
    password,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
