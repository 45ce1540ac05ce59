import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { devMailbox } from '../../db/schema/index.ts';
import { waitFor } from '../../../test/helpers.ts';
import { REFRESH_COOKIE, refreshCookieName, SECURE_REFRESH_COOKIE } from './refresh-cookie.ts';

/** Small helpers shared by the auth and account tests (not a test file itself). */

export const STRONG_PASSWORD = 'Str0ng#Passw0rd';
let n = 0;
export const uniqueName = (prefix = 'u') =>
  `${prefix}_${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(0, 30);

export function registration(overrides: Record<string, unknown> = {}) {
  const name = uniqueName();
  return {
    email: `${name}@example.test`,
    username: name,
    password: STRONG_PASSWORD,
    birthDate: '1995-05-20',
    termsAccepted: true,
    ...overrides,
  };
}

/** The newest dev-mailbox message to an address, waiting for the mail job. */
export async function latestMail(app: FastifyInstance, to: string, after = 0) {
  return waitFor(async () => {
    const [row] = await app.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, to.toLowerCase()))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    return row && row.id > after ? row : undefined;
  });
}

export const codeFrom = (text: string) => /^([A-Z2-9]{8})$/m.exec(text)?.[1];
export const resetTokenFrom = (text: string) => /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];

/** Registers, reads the code from the mail and verifies: a ready-to-sign-in account. */
export async function registerVerified(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const mail = await latestMail(app, body.email);
  const code = codeFrom(mail.text);
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: body.email, code } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return body;
}

export function login(app: FastifyInstance, email: string, password: string, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...extra } });
}

/** The refresh cookie a response sets: `refreshToken`, or `__Secure-refreshToken` when PUBLIC_URL is https. */
export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE || c.name === SECURE_REFRESH_COOKIE) as
    | {
        name: string;
        value: string;
        path?: string;
        httpOnly?: boolean;
        sameSite?: string;
        maxAge?: number;
        secure?: boolean;
      }
    | undefined;
}

export function refresh(app: FastifyInstance, token: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { [refreshCookieName(app)]: token },
    headers,
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
