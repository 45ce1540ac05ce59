import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@fourfour/shared/constants';
import type { Role, VerificationStatus } from '@fourfour/shared/enums';
import { users } from '../db/schema/index.ts';
import { deriveKey } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export interface AuthUser {
  id: number;
  email: string;
  username: string;
  role: Role;
  /** Read in the same row as the role: an UNDERAGE account may sign in but buys nothing. */
  verificationStatus: VerificationStatus;
}

export interface AccessTokens {
  sign(user: { id: number; role: Role; sessionVersion: number }): Promise<{ token: string; expiresAt: Date }>;
  /** Verifies signature, algorithm, audience, issuer, type and expiry; null when any fails. */
  verify(token: string): Promise<{ userId: number; sessionVersion: number } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: a valid access token of a live account is required. */
    requireAuth: preHandlerAsyncHookHandler;
    /** preHandler: signed in with one of these roles (401 without a session, 403 with another role). */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    /** preHandler: reads the user when a token is sent, carries on anonymously otherwise. */
    optionalAuth: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Marks the guard handlers so that routes run them before anything else (see onRoute below). */
const AUTH_GUARD = Symbol('auth-guard');
type Guard = preHandlerAsyncHookHandler & { [AUTH_GUARD]?: true };
const markGuard = (handler: Guard): Guard => Object.assign(handler, { [AUTH_GUARD]: true as const });

const ISSUER = 'fourfour';
const AUDIENCE = 'fourfour:api';
const TOKEN_TYPE = 'access';

export default fp(
  async (app) => {
    const key = deriveKey(app.config.appSecret, 'access-token');

    const accessTokens: AccessTokens = {
      async sign(user) {
        const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
        const token = await new SignJWT({ typ: TOKEN_TYPE, role: user.role, sv: user.sessionVersion })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(user.id))
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
          .sign(key);
        return { token, expiresAt };
      },
      async verify(token) {
        try {
          const { payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            issuer: ISSUER,
            audience: AUDIENCE,
            requiredClaims: ['exp', 'sub', 'iat'],
          });
          const userId = Number(payload.sub);
          if (payload.typ !== TOKEN_TYPE || !Number.isSafeInteger(userId) || typeof payload.sv !== 'number')
            return null;
          return { userId, sessionVersion: payload.sv };
        } catch (err) {
          if (err instanceof joseErrors.JOSEError) return null;
          throw err;
        }
      },
    };
    app.decorate('accessTokens', accessTokens);
    app.decorateRequest('user', null);

    /**
     * Every authenticated request re-reads role, disabled/deleted flags and session version (one
     * indexed read), so a role change, a disable, a password change or a reset applies at once.
     */
    async function loadUser(request: FastifyRequest): Promise<AuthUser | null | 'invalid'> {
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) return 'invalid';
      const claims = await accessTokens.verify(match[1]);
      if (!claims) return 'invalid';
      const [row] = await app.db
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          role: users.role,
          verificationStatus: users.verificationStatus,
          disabled: users.disabled,
          deleted: users.deleted,
          sessionVersion: users.sessionVersion,
        })
        .from(users)
        .where(eq(users.id, claims.userId));
      if (!row || row.deleted || row.disabled || row.sessionVersion !== claims.sessionVersion) return 'invalid';
      return {
        id: row.id,
        email: row.email ?? '',
        username: row.username ?? '',
        role: row.role,
        verificationStatus: row.verificationStatus,
      };
    }

    const requireAuth: preHandlerAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
      const user = await loadUser(request);
      if (!user || user === 'invalid') throw unauthorized('Your session has ended. Please log in again.');
      request.user = user;
    };
    app.decorate('requireAuth', markGuard(requireAuth));
    app.decorate(
      'optionalAuth',
      markGuard(async (request: FastifyRequest) => {
        const user = await loadUser(request);
        if (user === 'invalid') throw unauthorized('Your session has ended. Please log in again.');
        request.user = user;
      }),
    );
    app.decorate('requireRole', (...roles: Role[]) =>
      markGuard(async function (this: unknown, request, reply) {
        await requireAuth.call(app, request, reply);
        if (!request.user || !roles.includes(request.user.role)) throw forbidden();
      }),
    );

    /**
     * Routes declare their guard as a preHandler; it runs first, at onRequest, before the body is
     * read or validated: a caller who may not use a route learns nothing about its input rules,
     * and an upload from them is never read.
     */
    app.addHook('onRoute', (route) => {
      const pre = route.preHandler ? [route.preHandler].flat() : [];
      const guards = pre.filter((h) => (h as Guard)[AUTH_GUARD]);
      if (guards.length === 0) return;
      route.preHandler = pre.filter((h) => !(h as Guard)[AUTH_GUARD]);
      route.onRequest = [...guards, ...(route.onRequest ? [route.onRequest].flat() : [])] as typeof route.onRequest;
    });
  },
  { name: 'auth', dependencies: ['db', 'config'] },
);
