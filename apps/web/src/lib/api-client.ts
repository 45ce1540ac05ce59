import { extractErrorMessage, messageFromBody, NETWORK_ERROR_MESSAGE } from './api-error-message.ts';

/**
 * The fetch wrapper every call goes through (spec 01 §4, §7, §8 with DESIGN.md's in-memory token):
 * - cookies always travel (`credentials: 'include'`);
 * - the bearer token goes on every call except logout and refresh;
 * - a 401, or no response, for a call that carried a token (outside the public auth pages, and
 *   never for refresh itself) triggers ONE refresh shared by every caller waiting at that moment,
 *   then the call is retried once; if the refresh fails the session is cleared and the user is
 *   sent to /login.
 */

export const REFRESH_PATH = '/api/auth/refresh';
export const LOGOUT_PATH = '/api/auth/logout';
const PATHS_WITHOUT_BEARER: readonly string[] = [REFRESH_PATH, LOGOUT_PATH];

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  readonly code: string | undefined;
  readonly body: unknown;
  readonly fieldErrors: FieldError[];

  constructor(status: number | null, body: unknown, message?: string) {
    super(message ?? extractErrorMessage({ status, body }));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    this.code = typeof record.code === 'string' ? record.code : undefined;
    this.fieldErrors = Array.isArray(record.errors)
      ? record.errors.filter(
          (item): item is FieldError =>
            !!item &&
            typeof item === 'object' &&
            typeof (item as FieldError).field === 'string' &&
            typeof (item as FieldError).message === 'string',
        )
      : [];
  }

  get isNetworkError(): boolean {
    return this.status === null;
  }

  /** The first field error naming this field, if any. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The catalogue's message for any thrown value (spec 01 §8); network failures included. */
export function errorMessageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Only the server's own words, or null: for screens whose fallback differs from the generic
 * "Request failed (status)." (e.g. `serverMessageOf(error) ?? 'Verification failed.'`).
 */
export function serverMessageOf(error: unknown): string | null {
  return isApiError(error) ? messageFromBody(error.body) : null;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: string;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (FormData, URLSearchParams, Blob, text). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Refresh and retry once on a 401 (default true). The session restore turns it off. */
  retryOnUnauthorized?: boolean;
}

/** Where the client reads and writes the in-memory access token. */
export interface TokenStore {
  getAccessToken(): string | null;
  setAccessToken(token: string): void;
  clear(): void;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  /** Prefix for every path; '' means same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** True while the browser shows one of the public auth pages. */
  isOnAuthPage?: () => boolean;
  /** Called once when a refresh fails after the session had a token: go to /login. */
  onSessionExpired?: () => void;
  /** Called with every error answer before it is thrown (the app reacts to MFA_REQUIRED there). */
  onApiError?: (error: ApiError) => void;
}

/**
 * What checks an answer and gives it its type: one of the shared zod schemas (anything with
 * `parse`), or, in the shell that must stay zod-free, a hand-written check of the same shape.
 */
export interface AnswerSchema<T> {
  parse(body: unknown): T;
}

/**
 * A schema loaded on first use, for pages in the first load (bench/web-size.ts): the client starts
 * loading it together with the request, so it costs no extra round trip and keeps zod out of the
 * page's initial JavaScript.
 */
export type LazyAnswerSchema<T> = () => Promise<AnswerSchema<T>>;

/** The `schema` a call's answer is checked with: every answer with a body has one. */
export interface Checked<T> {
  schema: AnswerSchema<T> | LazyAnswerSchema<T>;
}

/**
 * A call without `schema` resolves to `unknown`: an answer without a body (204), or one the caller
 * checks itself (`Schema.parse(await api.get(path))`). There is no type parameter to cast with.
 */
interface Unchecked {
  schema?: undefined;
}

type WithoutMethod = Omit<RequestOptions, 'method'>;
type WithoutMethodOrJson = Omit<RequestOptions, 'method' | 'json'>;

export interface ApiClient {
  /** The raw response (after any refresh-and-retry). Throws ApiError only when nothing arrived. */
  send(path: string, options?: RequestOptions): Promise<Response>;
  /**
   * The body of a 2xx answer checked by `schema` (its error when it does not match); without a
   * schema, the body as `unknown`. Throws ApiError with the catalogue's message otherwise.
   */
  request<T>(path: string, options: RequestOptions & Checked<T>): Promise<T>;
  request(path: string, options?: RequestOptions & Unchecked): Promise<unknown>;
  get<T>(path: string, options: WithoutMethod & Checked<T>): Promise<T>;
  get(path: string, options?: WithoutMethod & Unchecked): Promise<unknown>;
  post<T>(path: string, json: unknown, options: WithoutMethodOrJson & Checked<T>): Promise<T>;
  post(path: string, json?: unknown, options?: WithoutMethodOrJson & Unchecked): Promise<unknown>;
  put<T>(path: string, json: unknown, options: WithoutMethodOrJson & Checked<T>): Promise<T>;
  put(path: string, json?: unknown, options?: WithoutMethodOrJson & Unchecked): Promise<unknown>;
  patch<T>(path: string, json: unknown, options: WithoutMethodOrJson & Checked<T>): Promise<T>;
  patch(path: string, json?: unknown, options?: WithoutMethodOrJson & Unchecked): Promise<unknown>;
  delete<T>(path: string, options: WithoutMethod & Checked<T>): Promise<T>;
  delete(path: string, options?: WithoutMethod & Unchecked): Promise<unknown>;
  /** POST /api/auth/refresh and return the new token. Shared while in flight; no side effects on failure. */
  fetchNewAccessToken(): Promise<string>;
  /** The same refresh, with the answer's `user` (unchecked; absent from an older server's answer). */
  fetchNewSession(): Promise<{ token: string; user: unknown }>;
  /** Refresh the session: the shared refresh, and on failure clear the session and go to /login. */
  refreshSession(): Promise<string | null>;
}

/** Reads a body as JSON when it says so, else as text; undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The token of a refresh or login answer: `accessToken`, or `token` (spec 01 §3). */
export function pickAccessToken(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const token = record.accessToken ?? record.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  let url = `${baseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, raw] of Object.entries(query)) {
      const values = Array.isArray(raw) ? raw : [raw];
      for (const value of values) {
        if (value !== undefined && value !== null) params.append(key, String(value));
      }
    }
    const search = params.toString();
    if (search) url += (url.includes('?') ? '&' : '?') + search;
  }
  return url;
}

function pathOnly(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const isOnAuthPage = options.isOnAuthPage ?? (() => false);
  const { tokens } = options;

  let refreshInFlight: Promise<{ token: string; user: unknown }> | null = null;
  let sessionRefreshInFlight: Promise<string | null> | null = null;

  function fetchOnce(path: string, init: RequestOptions, token: string | null): Promise<Response> {
    const headers = new Headers(init.headers);
    let body: BodyInit | undefined = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return doFetch(buildUrl(baseUrl, path, init.query), {
      method: init.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: init.signal,
    });
  }

  function fetchNewSession(): Promise<{ token: string; user: unknown }> {
    if (!refreshInFlight) {
      refreshInFlight = (async () => {
        let response: Response;
        try {
          response = await fetchOnce(REFRESH_PATH, { method: 'POST' }, null);
        } catch {
          throw new ApiError(null, undefined);
        }
        const body = await readBody(response);
        if (!response.ok) throw new ApiError(response.status, body);
        const token = pickAccessToken(body);
        // A reply without a token is an error (spec 01 §8).
        if (!token) throw new ApiError(response.status, body, 'Session refresh failed.');
        tokens.setAccessToken(token);
        return { token, user: (body as { user?: unknown }).user };
      })().finally(() => {
        refreshInFlight = null;
      });
    }
    return refreshInFlight;
  }

  function fetchNewAccessToken(): Promise<string> {
    return fetchNewSession().then((session) => session.token);
  }

  function refreshSession(): Promise<string | null> {
    if (!sessionRefreshInFlight) {
      sessionRefreshInFlight = fetchNewAccessToken()
        .then(
          (token) => token as string | null,
          () => {
            tokens.clear();
            options.onSessionExpired?.();
            return null;
          },
        )
        .finally(() => {
          sessionRefreshInFlight = null;
        });
    }
    return sessionRefreshInFlight;
  }

  async function send(path: string, init: RequestOptions = {}): Promise<Response> {
    const carriesBearer = !PATHS_WITHOUT_BEARER.includes(pathOnly(path));
    const token = carriesBearer ? tokens.getAccessToken() : null;

    let response: Response | null = null;
    try {
      response = await fetchOnce(path, init, token);
    } catch (error) {
      if (init.signal?.aborted) throw error;
    }

    const failed = response === null || response.status === 401;
    const mayRefresh =
      failed &&
      token !== null &&
      init.retryOnUnauthorized !== false &&
      pathOnly(path) !== REFRESH_PATH &&
      !isOnAuthPage();
    if (!mayRefresh) {
      if (response === null) throw new ApiError(null, undefined);
      return response;
    }

    // Another caller may already have refreshed while this call was in flight: use its token.
    const latest = tokens.getAccessToken();
    const fresh = latest && latest !== token ? latest : await refreshSession();
    if (!fresh) {
      if (response === null) throw new ApiError(null, undefined);
      return response;
    }
    try {
      return await fetchOnce(path, init, fresh);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiError(null, undefined);
    }
  }

  async function request<T>(path: string, init: RequestOptions & Partial<Checked<T>> = {}): Promise<T | undefined> {
    const { schema, ...rest } = init;
    // A lazy schema loads while the request is in flight (its failure surfaces when it is awaited).
    const loading = typeof schema === 'function' ? schema() : null;
    loading?.catch(() => undefined);
    const response = await send(path, rest);
    const body = await readBody(response);
    if (!response.ok) {
      const error = new ApiError(response.status, body);
      options.onApiError?.(error);
      throw error;
    }
    if (!schema) return body as T;
    const check = loading ? await loading : (schema as AnswerSchema<T>);
    return check.parse(body);
  }

  // One implementation behind the overloads: with a schema the checked body, without one the body.
  type Init = RequestOptions & Partial<Checked<unknown>>;
  const call = (path: string, init: Init) => request<unknown>(path, init) as Promise<never>;
  return {
    send,
    request: (path: string, init: Init = {}) => call(path, init),
    get: (path: string, init: Init = {}) => call(path, { ...init, method: 'GET' }),
    post: (path: string, json?: unknown, init: Init = {}) => call(path, { ...init, method: 'POST', json }),
    put: (path: string, json?: unknown, init: Init = {}) => call(path, { ...init, method: 'PUT', json }),
    patch: (path: string, json?: unknown, init: Init = {}) => call(path, { ...init, method: 'PATCH', json }),
    delete: (path: string, init: Init = {}) => call(path, { ...init, method: 'DELETE' }),
    fetchNewAccessToken,
    fetchNewSession,
    refreshSession,
  };
}
