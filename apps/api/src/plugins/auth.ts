import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '@fourfour/shared/constants';
import { AUTH_MESSAGES, MFA_REQUIRED_CODE } from '@fourfour/shared/auth';
import { ADMIN_ROLES, ROLES, type Role, type VerificationStatus } from '@fourfour/shared/enums';
import { authUserOf, isLiveAccount, liveSession } from '../db/live-account.ts';
import { users } from '../db/schema/index.ts';
import { deriveKey } from '../lib/crypto.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';

export interface AuthUser {
  id: number;
  email: string;
  username: string;
  role: Role;
  /** Read in the same row as the role: an UNDERAGE account may sign in but buys nothing. */
  verificationStatus: VerificationStatus;
  /** Read in the same row: admin routes may require two-factor sign-in (REQUIRE_MFA_ROLES). */
  twoFactorEnabled: boolean;
  /** The signed-in device (sessions row) the access token belongs to. */
  sessionId: string;
}

export interface AccessTokens {
  sign(user: { id: number; role: Role; sessionVersion: number; sessionId: string }): Promise<{
    token: string;
    expiresAt: Date;
  }>;
  /**
   * Verifies signature, algorithm, audience, issuer, type and expiry; null when any fails.
   * Synchronous (HMAC in node:crypto): it runs on every authenticated request.
   */
  verify(token: string): { userId: number; sessionVersion: number; sessionId: string } | null;
}

/**
 * The signed claims of a request's access token, for routes declaring accountCheck 'statement': the token
 * is verified at once, but the account (deleted, disabled, session version, role) is checked by
 * the route's own statement (liveAccount, db/live-account.ts), saving a round trip on the busiest routes. The
 * route sets `confirmed` once its statement has checked the account; an error answered before
 * that is preceded by the usual account read (sessionRefusal), so an ended session still gets 401,
 * and a caller without the role 403, before anything else.
 */
export interface SessionClaims {
  userId: number;
  sessionVersion: number;
  /** The token's session (`sid`): liveAccount checks it is still signed in. */
  sessionId: string;
  /** The roles the route admits; null = any signed-in account. */
  roles: readonly Role[] | null;
  confirmed: boolean;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /**
     * For a route whose statement checks the account (accountCheck 'statement') answering before
     * that statement ran: the 401 or 403 it owes, if any (the error handler asks).
     */
    sessionRefusal(request: FastifyRequest): Promise<AppError | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    session: SessionClaims | null;
  }
}

/**
 * Who may call a route. Every route declares it in its options, `config: { access }`, and nowhere
 * else: the onRoute hook below turns it into the route's check, the API description
 * (plugins/docs.ts) into its security and 401/403 answers, and the authorization-matrix test into
 * the answer it expects from each role. An /api route without a declaration stops start-up. Rules
 * that depend on data (is this ticket yours?) stay in the service; the role part is declared here.
 */
export type RouteAccess =
  /** Anyone, signed in or not; a bearer token that is sent is not read. */
  | 'public'
  /** Any signed-in account: a valid access token of a live account and session, else 401. */
  | 'signed-in'
  /** Signed in, with one of the roles when it names them (SignedInAccess). */
  | SignedInAccess
  /**
   * Authenticated by the refresh cookie, which the route reads (refresh, logout), not by a bearer
   * token; a request another site started is refused with 403 (sameSiteRefusal).
   */
  | 'refresh-cookie'
  /** As 'refresh-cookie', but the cookie is optional (logout without one still answers 200). */
  | 'refresh-cookie-optional'
  /**
   * No account opens it: this machine's loopback with no proxy between, or its own token when one
   * is configured (METRICS_TOKEN); the plugin serving the route checks that (plugins/metrics.ts).
   */
  | 'loopback-or-token';

export interface SignedInAccess {
  /**
   * The roles admitted: any other signed-in account gets 403, and an admin route (only ADMIN and/or
   * MASTER) answers a role REQUIRE_MFA_ROLES names only once its two-factor sign-in is on.
   * Omitted: any signed-in account.
   */
  roles?: readonly Role[];
  /** The 403's wording for another role, where the spec gives one (the MFA refusal keeps its own). */
  forbiddenMessage?: string;
  /**
   * 'statement': only the token is verified before the handler; the route's own statement checks
   * the account, its session and its role in the same round trip (SessionClaims, request.session),
   * and an error answered before that statement ran is preceded by the usual checks (sessionRefusal).
   * The busiest routes (reserve, scan) save a round trip this way.
   */
  accountCheck?: 'statement';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (RouteAccess); required on every /api route. */
    access?: RouteAccess;
  }
}

const NAMED_ACCESS: readonly string[] = [
  'public',
  'signed-in',
  'refresh-cookie',
  'refresh-cookie-optional',
  'loopback-or-token',
];
/** A declaration the hook understands: a typo or a stray key stops start-up rather than open a route. */
function isRouteAccess(value: unknown): value is RouteAccess {
  if (typeof value === 'string') return NAMED_ACCESS.includes(value);
  if (typeof value !== 'object' || value === null) return false;
  const { roles, forbiddenMessage, accountCheck, ...rest } = value as SignedInAccess;
  return (
    Object.keys(rest).length === 0 &&
    (roles === undefined || (Array.isArray(roles) && roles.length > 0 && roles.every((r) => ROLES.includes(r)))) &&
    // A statement that checks the role answers its own 403 (forbidden()): no wording of the route's.
    (forbiddenMessage === undefined || (typeof forbiddenMessage === 'string' && accountCheck === undefined)) &&
    (accountCheck === undefined || accountCheck === 'statement')
  );
}

/** The roles a declaration admits: null for any caller or any signed-in account. */
export const rolesOf = (access: RouteAccess): readonly Role[] | null =>
  typeof access === 'object' ? (access.roles ?? null) : null;
/** Whether the declaration asks for a bearer token (a signed-in account). */
export const needsSignIn = (access: RouteAccess): boolean => access === 'signed-in' || typeof access === 'object';

/**
 * Routes of a third-party plugin whose options we do not write (the API reference's pages and
 * files) take their access from the scope the plugin is registered in.
 */
const SCOPE_ACCESS = Symbol('scope-access');
export function declareScopeAccess(scope: FastifyInstance, access: RouteAccess): void {
  Object.assign(scope, { [SCOPE_ACCESS]: access });
}
const scopeAccessOf = (scope: FastifyInstance): RouteAccess | undefined =>
  (scope as FastifyInstance & { [SCOPE_ACCESS]?: RouteAccess })[SCOPE_ACCESS];

/**
 * Refresh and logout act on a cookie the browser sends by itself, so they refuse requests another
 * site started: `Sec-Fetch-Site: cross-site`, or an Origin that is neither PUBLIC_URL's nor the
 * request's own host (same-origin behind a proxy or the dev server). No Origin at all (curl, old
 * browsers on same-origin POSTs) is allowed: SameSite=Strict already keeps the cookie home.
 */
function sameSiteRefusal(publicUrl: string, request: FastifyRequest): AppError | null {
  const refusal = new AppError('FOREIGN_ORIGIN', 403, AUTH_MESSAGES.foreignOrigin);
  if (request.headers['sec-fetch-site'] === 'cross-site') return refusal;
  const origin = request.headers.origin;
  if (!origin) return null;
  const allowed = new Set([new URL(publicUrl).origin]);
  // request.host reads X-Forwarded-Host only from a proxy TRUST_PROXY names; from anyone else the
  // header could make a foreign Origin look like our own.
  const host = request.host;
  if (host) allowed.add(`${request.protocol}://${host}`);
  return allowed.has(origin) ? null : refusal;
}

type Check = (request: FastifyRequest) => Promise<void>;

const ISSUER = 'fourfour';
const AUDIENCE = 'fourfour:api';
const TOKEN_TYPE = 'access';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export default fp(
  async (app) => {
    const key = deriveKey(app.config.appSecret, 'access-token');

    const signToken = createSigner({ key, algorithm: 'HS256', iss: ISSUER, aud: AUDIENCE });
    // Verified tokens are remembered until they expire (a door's phone sends the same token with
    // every scan): a pure memo of the signature check, never of the account, which every request
    // still checks against the database.
    const verifyToken = createVerifier({
      key,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'iat', 'iss', 'aud'],
      cache: 2_000,
    });

    const accessTokens: AccessTokens = {
      async sign(user) {
        const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
        const token = signToken({
          typ: TOKEN_TYPE,
          role: user.role,
          sv: user.sessionVersion,
          sid: user.sessionId,
          sub: String(user.id),
          exp: Math.floor(expiresAt.getTime() / 1000),
        });
        return { token, expiresAt };
      },
      verify(token) {
        try {
          const payload = verifyToken(token) as {
            sub?: unknown;
            typ?: unknown;
            sv?: unknown;
            sid?: unknown;
            iat?: unknown;
          };
          const userId = typeof payload.sub === 'string' && /^\d{1,15}$/.test(payload.sub) ? Number(payload.sub) : NaN;
          if (
            payload.typ !== TOKEN_TYPE ||
            !Number.isSafeInteger(userId) ||
            typeof payload.sv !== 'number' ||
            typeof payload.iat !== 'number' ||
            // Tokens from before sessions had rows carry no `sid`: refused, the client refreshes.
            typeof payload.sid !== 'string' ||
            !UUID.test(payload.sid)
          )
            return null;
          return { userId, sessionVersion: payload.sv, sessionId: payload.sid };
        } catch (err) {
          if (err instanceof TokenError) return null;
          throw err;
        }
      },
    };
    app.decorate('accessTokens', accessTokens);
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    // Prepared once: the most frequent query of the API (every authenticated request).
    const readAccount = app.db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        role: users.role,
        verificationStatus: users.verificationStatus,
        disabled: users.disabled,
        deleted: users.deleted,
        sessionVersion: users.sessionVersion,
        totpEnabled: users.totpEnabled,
        sessionLive: liveSession(sql.placeholder('sid')),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('auth_read_account');

    function claimsOf(request: FastifyRequest) {
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      return (match?.[1] && accessTokens.verify(match[1])) || 'invalid';
    }

    /**
     * Every authenticated request re-reads role, disabled/deleted flags, session version and whether
     * its session (device) is still signed in (one indexed read: db/live-account.ts), so a role
     * change, a disable, a password change, a reset or a logout applies at once.
     */
    async function loadUser(request: FastifyRequest): Promise<AuthUser | null | 'invalid'> {
      const claims = claimsOf(request);
      if (claims === null || claims === 'invalid') return claims;
      const [row] = await readAccount.execute({ id: claims.userId, sid: claims.sessionId });
      if (!row || !isLiveAccount(row, claims)) return 'invalid';
      return {
        ...authUserOf(row),
        verificationStatus: row.verificationStatus,
        sessionId: claims.sessionId,
        twoFactorEnabled: row.totpEnabled,
      };
    }

    // Those who can move money or people must turn on two-factor sign-in before admin routes answer
    // them (issue 16 item 11): an admin route admits only ADMIN and/or MASTER, and a caller whose role
    // REQUIRE_MFA_ROLES names needs two-factor on. Account routes, sign-in and refresh stay open.
    const mfaRoles: readonly Role[] = app.config.requireMfaRoles;
    if (mfaRoles.length === 0) {
      app.log.warn('two-factor sign-in for admins is off in this mode (REQUIRE_MFA_ROLES is empty)');
    }
    const asksTwoFactor = (roles: readonly Role[]) =>
      roles.length > 0 && roles.every((role) => ADMIN_ROLES.includes(role)) && roles.some((r) => mfaRoles.includes(r));
    const mfaRefusal = (user: AuthUser) =>
      mfaRoles.includes(user.role) && !user.twoFactorEnabled
        ? new AppError(MFA_REQUIRED_CODE, 403, AUTH_MESSAGES.mfaRequired)
        : null;

    /** 'signed-in': a live account, read with the request (request.user). */
    const signedIn = async (request: FastifyRequest) => {
      const user = await loadUser(request);
      if (!user || user === 'invalid') throw unauthorized(SESSION_ENDED_MESSAGE);
      request.user = user;
    };
    /** `roles`: signed in with one of them, and two-factor on where REQUIRE_MFA_ROLES asks for it. */
    const withRole = (roles: readonly Role[], forbiddenMessage?: string) => {
      const asksForTwoFactor = asksTwoFactor(roles);
      return async (request: FastifyRequest) => {
        await signedIn(request);
        if (!request.user || !roles.includes(request.user.role)) throw forbidden(forbiddenMessage);
        const refusal = asksForTwoFactor ? mfaRefusal(request.user) : null;
        if (refusal) throw refusal;
      };
    };
    /** accountCheck 'statement': the token's claims only; the route's statement checks the account (SessionClaims). */
    const withSignedToken = (roles: readonly Role[]) => async (request: FastifyRequest) => {
      const claims = claimsOf(request);
      if (claims === null || claims === 'invalid') throw unauthorized(SESSION_ENDED_MESSAGE);
      request.session = { ...claims, roles: roles.length > 0 ? roles : null, confirmed: false };
      // An admin route read by its own statement still owes the two-factor check: read the account first.
      if (asksTwoFactor(roles)) {
        const refusal = await app.sessionRefusal(request);
        if (refusal) throw refusal;
      }
    };
    app.decorate('sessionRefusal', async (request: FastifyRequest) => {
      const user = await loadUser(request);
      if (!user || user === 'invalid') return unauthorized(SESSION_ENDED_MESSAGE);
      if (request.session?.roles && !request.session.roles.includes(user.role)) return forbidden();
      if (request.session?.roles && asksTwoFactor(request.session.roles)) return mfaRefusal(user);
      return null;
    });
    /** 'refresh-cookie': the cookie's routes refuse what another site started. */
    const fromSameSite = async (request: FastifyRequest) => {
      const refusal = sameSiteRefusal(app.config.publicUrl, request);
      if (refusal) throw refusal;
    };

    /** The check a declaration asks for, and when it runs. */
    function checkOf(access: RouteAccess): { onRequest?: Check; preHandler?: Check } {
      if (access === 'signed-in') return { onRequest: signedIn };
      if (access === 'refresh-cookie' || access === 'refresh-cookie-optional') return { preHandler: fromSameSite };
      if (typeof access !== 'object') return {};
      if (access.accountCheck === 'statement') return { onRequest: withSignedToken(access.roles ?? []) };
      return { onRequest: access.roles ? withRole(access.roles, access.forbiddenMessage) : signedIn };
    }

    /**
     * Each route's declared access becomes its check. A bearer-token check runs first, at onRequest,
     * before the body is read or validated: a caller who may not use a route learns nothing about
     * its input rules, and an upload from them is never read. The refresh cookie's same-site check
     * runs last, right before the handler (it reads only headers; rate limits count first).
     */
    app.addHook('onRoute', function (this: FastifyInstance, route) {
      const access = route.config?.access ?? scopeAccessOf(this);
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      if (access === undefined) {
        // A route nobody decided about stops start-up (every /api route; others may declare too).
        if (route.url === '/api' || route.url.startsWith('/api/')) {
          throw new Error(
            `${name} declares no access: add config.access to its options (RouteAccess, plugins/auth.ts)`,
          );
        }
        return;
      }
      if (!isRouteAccess(access))
        throw new Error(`${name}: config.access ${JSON.stringify(access)} is not a RouteAccess`);
      route.config = { ...route.config, access };
      const { onRequest, preHandler } = checkOf(access);
      if (onRequest)
        route.onRequest = [onRequest, ...(route.onRequest ? [route.onRequest].flat() : [])] as typeof route.onRequest;
      if (preHandler)
        route.preHandler = [
          ...(route.preHandler ? [route.preHandler].flat() : []),
          preHandler,
        ] as typeof route.preHandler;
    });
  },
  { name: 'auth', dependencies: ['db', 'config'] },
);
