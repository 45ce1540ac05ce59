import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type TokenStore } from './api-client.ts';

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** The stand-in server's echo, as the tests read it. */
const PathBody = { parse: (body: unknown) => body as { path: string } };

/**
 * A stand-in API: protected calls accept only the current token; refresh hands out the next
 * token (or fails when told to). Every request is recorded.
 */
function fakeServer(options: { refresh?: 'ok' | 'fail' | 'no-token' | 'network' } = {}) {
  const calls: Call[] = [];
  const issuedToken = 'token-2';
  let validToken = issuedToken;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      credentials: init?.credentials,
    });
    await tick();
    if (url === '/api/auth/refresh') {
      const mode = options.refresh ?? 'ok';
      if (mode === 'network') throw new TypeError('Failed to fetch');
      if (mode === 'fail') return json(401, { message: 'Session expired.', code: 'UNAUTHENTICATED' });
      if (mode === 'no-token') return json(200, {});
      return json(200, { accessToken: issuedToken });
    }
    if (url === '/api/auth/logout') return new Response(null, { status: 204 });
    if (headers.get('Authorization') === `Bearer ${validToken}`) return json(200, { path: url });
    return json(401, { message: 'Not signed in.', code: 'UNAUTHENTICATED' });
  };
  return {
    calls,
    fetch,
    /** The server stops accepting the token refresh hands out. */
    acceptOnly(next: string) {
      validToken = next;
    },
  };
}

function memoryTokens(initial: string | null) {
  const state = { token: initial, cleared: 0 };
  const store: TokenStore = {
    getAccessToken: () => state.token,
    setAccessToken: (token) => {
      state.token = token;
    },
    clear: () => {
      state.token = null;
      state.cleared += 1;
    },
  };
  return { state, store };
}

function setup(options: {
  token?: string | null;
  refresh?: 'ok' | 'fail' | 'no-token' | 'network';
  onAuthPage?: boolean;
}) {
  const server = fakeServer({ refresh: options.refresh });
  const tokens = memoryTokens(options.token === undefined ? 'token-1' : options.token);
  const expired: number[] = [];
  const client = createApiClient({
    fetch: server.fetch,
    tokens: tokens.store,
    isOnAuthPage: () => options.onAuthPage ?? false,
    onSessionExpired: () => expired.push(Date.now()),
  });
  return { server, tokens, expired, client };
}

const refreshCalls = (calls: Call[]) => calls.filter((call) => call.url === '/api/auth/refresh');

describe('api client', () => {
  it('sends cookies on every call and the bearer token on all but refresh and logout', async () => {
    const { server, client } = setup({ token: 'token-2' });
    await client.get('/api/account/me');
    await client.fetchNewAccessToken();
    await client.send('/api/auth/logout', { method: 'POST' });
    expect(server.calls.map((call) => call.credentials)).toEqual(['include', 'include', 'include']);
    expect(server.calls.map((call) => call.authorization)).toEqual(['Bearer token-2', null, null]);
  });

  it('after a 401, refreshes once and retries the call with the new token', async () => {
    const { server, client, tokens } = setup({});
    const body = await client.get('/api/account/me', { schema: PathBody });
    expect(body.path).toBe('/api/account/me');
    expect(refreshCalls(server.calls)).toHaveLength(1);
    expect(tokens.state.token).toBe('token-2');
    expect(server.calls.filter((call) => call.url === '/api/account/me').map((call) => call.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('shares one refresh between all concurrent calls that get a 401', async () => {
    const { server, client } = setup({});
    const paths = [
      '/api/account/me',
      '/api/events/list',
      '/api/account/free-tickets',
      '/api/tickets/tickets-per-event',
    ];
    const results = await Promise.all(paths.map((path) => client.get(path, { schema: PathBody })));
    expect(results.map((result) => result.path)).toEqual(paths);
    expect(refreshCalls(server.calls)).toHaveLength(1);
  });

  it('uses a token another call already refreshed instead of refreshing again', async () => {
    const { server, client, tokens } = setup({});
    const slow = client.get('/api/account/me');
    // The token changes while the first call is in flight (e.g. the scheduled refresh ran).
    tokens.store.setAccessToken('token-2');
    await slow;
    expect(refreshCalls(server.calls)).toHaveLength(0);
  });

  it('retries only once: a second 401 is returned to the caller', async () => {
    const { server, client } = setup({});
    server.acceptOnly('token-never-handed-out');
    await expect(client.get('/api/account/me')).rejects.toMatchObject({ status: 401, message: 'Not signed in.' });
    expect(server.calls.filter((call) => call.url === '/api/account/me')).toHaveLength(2);
  });

  it('clears the session and reports expiry once when the shared refresh fails', async () => {
    const { client, tokens, expired } = setup({ refresh: 'fail' });
    const results = await Promise.allSettled([client.get('/api/account/me'), client.get('/api/events/list')]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(tokens.state.token).toBeNull();
    expect(tokens.state.cleared).toBe(1);
    expect(expired).toHaveLength(1);
  });

  it('treats a refresh reply without a token as a failure', async () => {
    const { client, tokens, expired } = setup({ refresh: 'no-token' });
    await expect(client.fetchNewAccessToken()).rejects.toBeInstanceOf(ApiError);
    await expect(client.get('/api/account/me')).rejects.toMatchObject({ status: 401 });
    expect(tokens.state.token).toBeNull();
    expect(expired).toHaveLength(1);
  });

  it('accepts { token } as well as { accessToken } from refresh', async () => {
    const server = fakeServer();
    const tokens = memoryTokens(null);
    const client = createApiClient({
      tokens: tokens.store,
      fetch: async (input, init) =>
        String(input) === '/api/auth/refresh' ? json(200, { token: 'legacy' }) : server.fetch(input, init),
    });
    await expect(client.fetchNewAccessToken()).resolves.toBe('legacy');
    expect(tokens.state.token).toBe('legacy');
  });

  it('does not refresh on the public auth pages', async () => {
    const { server, client } = setup({ onAuthPage: true });
    await expect(client.get('/api/account/me')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(server.calls)).toHaveLength(0);
  });

  it('does not refresh for a call that carried no token', async () => {
    const { server, client, expired } = setup({ token: null });
    await expect(client.get('/api/account/me')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(server.calls)).toHaveLength(0);
    expect(expired).toHaveLength(0);
  });

  it('does not refresh when the caller opts out (session restore)', async () => {
    const { server, client } = setup({});
    await expect(client.get('/api/auth/me', { retryOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(server.calls)).toHaveLength(0);
  });

  it('after no response at all, refreshes and retries like a 401', async () => {
    const server = fakeServer();
    let failOnce = true;
    const flaky = createApiClient({
      tokens: { getAccessToken: () => 'token-2', setAccessToken: () => {}, clear: () => {} },
      fetch: async (input, init) => {
        if (String(input) === '/api/events/list' && failOnce) {
          failOnce = false;
          throw new TypeError('Failed to fetch');
        }
        return server.fetch(input, init);
      },
    });
    await expect(flaky.get('/api/events/list')).resolves.toEqual({ path: '/api/events/list' });
    expect(refreshCalls(server.calls)).toHaveLength(1);
  });

  it('reports "Network error. Please try again." when nothing answers and there is no session', async () => {
    const client = createApiClient({
      tokens: memoryTokens(null).store,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.get('/api/events/list')).rejects.toMatchObject({
      status: null,
      message: 'Network error. Please try again.',
    });
  });

  it('exposes the API error body: message, code and field errors', async () => {
    const client = createApiClient({
      tokens: memoryTokens(null).store,
      fetch: async () =>
        json(409, {
          message: 'Email already in use.',
          code: 'CONFLICT',
          errors: [{ field: 'email', message: 'Taken.' }],
        }),
    });
    const error = await client.post('/api/auth/register', { email: 'a@b.c' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe('CONFLICT');
    expect(apiError.message).toBe('Email already in use.');
    expect(apiError.fieldMessage('email')).toBe('Taken.');
  });

  it('sends JSON bodies and query parameters, skipping empty values', async () => {
    const seen: { url: string; body: unknown; type: string | null }[] = [];
    const client = createApiClient({
      tokens: memoryTokens(null).store,
      fetch: async (input, init) => {
        seen.push({ url: String(input), body: init?.body, type: new Headers(init?.headers).get('Content-Type') });
        return json(200, { reservationToken: 'r' });
      },
    });
    await client.post('/api/tickets/reserve', [{ ticketType: 'STANDARD' }], {
      query: { eventId: 7, affiliateCode: undefined, tags: ['a', 'b'] },
    });
    expect(seen[0]).toEqual({
      url: '/api/tickets/reserve?eventId=7&tags=a&tags=b',
      body: '[{"ticketType":"STANDARD"}]',
      type: 'application/json',
    });
  });

  it('tells the app about every error answer, such as an admin route refused for want of two-factor', async () => {
    const seen: (string | undefined)[] = [];
    const client = createApiClient({
      tokens: memoryTokens('token-1').store,
      fetch: async () =>
        json(403, {
          code: 'MFA_REQUIRED',
          message: 'Set up two-factor authentication on your account page before using admin tools.',
        }),
      onApiError: (error) => seen.push(error.code),
    });
    const error = await client.get('/api/admin/events').catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(403);
    expect(seen).toEqual(['MFA_REQUIRED']);
  });
  it("checks a 2xx answer with the call's schema and returns what the schema gives", async () => {
    const { client } = setup({ token: 'token-2' });
    const checked = await client.get('/api/account/me', {
      schema: { parse: (body) => ({ checked: (body as { path: string }).path }) },
    });
    expect(checked).toEqual({ checked: '/api/account/me' });
    await expect(
      client.get('/api/account/me', {
        schema: {
          parse: () => {
            throw new Error('Unexpected answer.');
          },
        },
      }),
    ).rejects.toThrow('Unexpected answer.');
  });

  it('loads a lazy schema while the request is in flight, once per call', async () => {
    const order: string[] = [];
    const client = createApiClient({
      tokens: memoryTokens(null).store,
      fetch: async () => {
        order.push('fetch');
        return json(200, { n: 1 });
      },
    });
    const result = await client.get('/api/events/list', {
      schema: async () => {
        order.push('schema');
        return { parse: (body) => (body as { n: number }).n + 1 };
      },
    });
    expect(result).toBe(2);
    expect(order).toEqual(['schema', 'fetch']);
  });

  it('does not check an error answer: the ApiError is thrown whatever the schema', async () => {
    const client = createApiClient({
      tokens: memoryTokens(null).store,
      fetch: async () => json(404, { message: 'Event not found.', code: 'NOT_FOUND' }),
    });
    await expect(
      client.get('/api/admin/events/9', { schema: async () => Promise.reject(new Error('never loaded')) }),
    ).rejects.toMatchObject({ status: 404, message: 'Event not found.' });
  });

  it('resolves a call without a schema to the unchecked body: nothing for a 204', async () => {
    const client = createApiClient({
      tokens: memoryTokens(null).store,
      fetch: async () => new Response(null, { status: 204 }),
    });
    await expect(client.delete('/api/admin/team/3')).resolves.toBeUndefined();
  });
  it('cannot type an answer without checking it (npm run typecheck proves the @ts-expect-error lines)', () => {
    const client = createApiClient({ tokens: memoryTokens(null).store, fetch: async () => json(200, {}) });
    const unchecked = async () => {
      // @ts-expect-error a type argument alone is refused: the type comes from a schema
      await client.get<{ path: string }>('/api/account/me');
      // @ts-expect-error without a schema the answer is unknown
      const body: { path: string } = await client.get('/api/account/me');
      return body;
    };
    expect(typeof unchecked).toBe('function');
  });
});
