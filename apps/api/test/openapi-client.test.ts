import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypesOf } from '../src/cli/openapi.ts';
import { createEvent, createUser } from './factories.ts';
import type { paths } from './generated/openapi.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { rolesOf } from '../src/plugins/auth.ts';

type Operation = { operationId?: string; summary?: string; security?: Record<string, string[]>[]; responses: object };
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * The API description clients are generated from (issue 17 item 10): every operation named,
 * summarised, with its security and its error answers; and a client generated from it
 * (openapi-typescript types, openapi-fetch calls) type-checks against real calls, so a mismatch
 * between the routes and the description fails `tsc` or this test.
 */
describe('the API description', () => {
  let t: TestApp;
  let doc: Document;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject('/api/docs/json')).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, op })),
    );

  it('names and summarises every operation, and documents its error answers with the error body', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, path, op } of operations()) {
      expect(op.operationId, key).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(op.summary, key).toBeTruthy();
      if (path.includes('{')) {
        expect(op.responses, key).toHaveProperty('404.content.application/json.schema', {
          $ref: '#/components/schemas/ApiErrorBody',
        });
      }
    }
  });

  it("gives each operation the security its route's access declaration decides: bearer, refresh cookie or none", () => {
    const accessOf = new Map(t.app.routeList.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const { key, op } of operations()) {
      const access = accessOf.get(key.replace(/\{([^}]+)\}/g, ':$1'));
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (access === 'public') expect(schemes, key).toEqual([]);
      else if (access === 'refresh-cookie' || access === 'refresh-cookie-optional') {
        expect(schemes, key).toEqual(['refreshCookie']);
      } else {
        expect(access, key).toBeDefined();
        expect(schemes, key).toEqual(['bearerAuth']);
        expect(op.responses, key).toHaveProperty('401');
        if (access && rolesOf(access)) expect(op.responses, key).toHaveProperty('403');
      }
    }
  });

  it('generates the client types committed in test/generated (npm run openapi:types after a route change)', async () => {
    expect(await clientTypesOf(doc)).toBe(readFileSync(CLIENT_TYPES_FILE, 'utf8'));
  });

  it('lets a generated client sign in, list events and reserve tickets, with typed answers and errors', async () => {
    const client = createClient<paths>({ baseUrl });
    const user = await createUser(t.app);
    const event = await createEvent(t.app);

    const login = await client.POST('/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.response.status).toBe(200);
    const accessToken: string = login.data!.accessToken;
    expect(login.data!.user.email).toBe(user.email);

    const list = await client.GET('/api/events/list');
    expect(list.data!.map((e) => e.id)).toContain(event.id);

    const ticket = {
      ticketType: 'STANDARD',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-05-05',
    } as const;
    const reserve = (authorization?: string) =>
      client.POST('/api/tickets/reserve', {
        params: { query: { eventId: event.id } },
        body: [ticket],
        headers: authorization ? { authorization } : {},
      });
    const held = await reserve(`Bearer ${accessToken}`);
    expect(held.response.status).toBe(200);
    expect(held.data!.reservationToken).toEqual(expect.any(String));

    // The documented 401 answer carries the shared error body.
    const refused = await reserve();
    expect(refused.response.status).toBe(401);
    expect(refused.error!.code).toEqual(expect.any(String));
    expect(refused.error!.message).toBe('Your session has ended. Please log in again.');
  });
});
