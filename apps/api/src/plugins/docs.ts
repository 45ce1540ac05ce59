import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiErrorBody } from '@fourfour/shared/api-error';
import { PRODUCT_NAME } from '@fourfour/shared/constants';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareScopeAccess, needsSignIn, type RouteAccess, rolesOf } from './auth.ts';

/** The security schemes of the API description: the access token, and the refresh cookie (refresh, logout). */
export const BEARER = 'bearerAuth';
export const REFRESH_COOKIE_SCHEME = 'refreshCookie';
/** The security requirement of a route authenticated by the refresh cookie ('refresh-cookie' access). */
const REFRESH_COOKIE_SECURITY = [{ [REFRESH_COOKIE_SCHEME]: [] }];

type Method = Lowercase<string>;
type Security = Record<string, string[]>[];
interface Operation {
  operationId?: string;
  security?: Security;
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<Method, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** A stable operationId from method and path: `POST /api/admin/events/:id/prices` → `postAdminEventsByIdPrices`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{]([A-Za-z0-9_]+)/.exec(segment);
      const name = param ? `by-${param[1]}` : segment === '*' ? 'any' : segment;
      return name.split(/[^A-Za-z0-9]+|(?=[A-Z])/).filter(Boolean);
    });
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  return method.toLowerCase() + words.map(capital).join('');
}

/** The access a route declares (config.access), the one the auth plugin enforces. */
const accessOf = (route: RouteOptions): RouteAccess | undefined =>
  (route.config as { access?: RouteAccess } | undefined)?.access;

/** The security requirement of an access declaration: bearer token, refresh cookie (optional for logout), or none. */
function securityOf(access: RouteAccess | undefined): Security {
  if (access === 'refresh-cookie') return REFRESH_COOKIE_SECURITY;
  if (access === 'refresh-cookie-optional') return [...REFRESH_COOKIE_SECURITY, {}];
  return access && needsSignIn(access) ? [{ [BEARER]: [] }] : [];
}

/**
 * What the route owes the description beyond its own schema: its security requirement and the
 * error answers its declared access, input schemas, path parameters and rate limit can give, each
 * with why. Both come from the route's access declaration, the one the auth plugin enforces.
 */
function describeAccess(route: RouteOptions, schema: Record<string, unknown>) {
  const access = accessOf(route);
  const security = securityOf(access);
  const roles = access ? rolesOf(access) : null;
  const errors = new Map<number, string>();
  if (schema.body || schema.querystring || schema.params || schema.headers) {
    errors.set(400, 'The input does not match the schema (`errors` names the fields at fault)');
  }
  if (access && needsSignIn(access)) errors.set(401, 'No valid access token: sign in, or refresh the session');
  if (access === 'refresh-cookie') errors.set(401, 'No refresh cookie, or its session has ended');
  if (roles) {
    errors.set(403, `Only for ${roles.join(', ')} (and two-factor sign-in where the platform asks for it)`);
  }
  if (access === 'refresh-cookie' || access === 'refresh-cookie-optional') {
    errors.set(403, 'Sent from a foreign origin');
  }
  if (/[:*]/.test(route.url)) errors.set(404, 'No such resource');
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) {
    errors.set(429, 'Too many requests: wait as the message says and try again');
  }
  return { security, errors };
}

/** The OpenAPI document, generated from the routes' zod schemas: /api/docs/json and /api/docs. */
export default fp(
  async (app) => {
    // operationId → the error answers the route can give, filled by `transform`, read by `transformObject`.
    const errorsOf = new Map<string, Map<number, string>>();
    const errorSchema = z.toJSONSchema(ApiErrorBody, { target: 'openapi-3.0', io: 'input' });
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${PRODUCT_NAME} API`,
          version: '1.0.0',
          description: 'Events, tickets, memberships and community.',
          license: { name: 'Proprietary: all rights reserved', url: `${app.config.publicUrl}/api/docs` },
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: {
            [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            [REFRESH_COOKIE_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: 'refreshToken',
              description:
                'The refresh token, set by sign-in (`__Secure-refreshToken` on https); sent only to /api/auth.',
            },
          },
        },
      },
      transform: (input) => {
        const result = jsonSchemaTransform(input);
        const route = input.route as RouteOptions;
        const schema = { ...(result.schema as Record<string, unknown>) };
        const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
        const operationId = (schema.operationId as string | undefined) ?? operationIdOf(method, route.url);
        const { security, errors } = describeAccess(route, schema);
        errorsOf.set(operationId, errors);
        return { ...result, schema: { ...schema, operationId, security } };
      },
      transformObject: (document) => {
        if (!('openapiObject' in document)) return document.swaggerObject;
        const { openapiObject } = document;
        const doc = openapiObject as OpenApiDocument;
        doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ApiErrorBody: errorSchema } };
        for (const operations of Object.values(doc.paths ?? {})) {
          for (const operation of Object.values(operations)) {
            const errors = operation.operationId ? errorsOf.get(operation.operationId) : undefined;
            if (!errors) continue;
            const responses = { ...operation.responses };
            for (const [status, description] of [...errors].sort(([a], [b]) => a - b)) {
              responses[status] ??= {
                description,
                content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
              };
            }
            operation.responses = responses;
          }
        }
        return openapiObject;
      },
    });
    // The reference's pages, files and JSON/YAML documents are public (their route options are the plugin's).
    await app.register(async (reference) => {
      declareScopeAccess(reference, 'public');
      await reference.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    });
  },
  { name: 'docs', dependencies: ['config', 'auth'] },
);
