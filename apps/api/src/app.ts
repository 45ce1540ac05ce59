import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler } from './lib/errors.ts';
import { traceIdOf } from './lib/trace-context.ts';
import { accountModule } from './modules/account/index.ts';
import { affiliatesModule } from './modules/affiliates/index.ts';
import { authModule } from './modules/auth/index.ts';
import { contentModule } from './modules/content/index.ts';
import { eventsModule } from './modules/events/index.ts';
import { healthModule } from './modules/health/index.ts';
import { masterModule } from './modules/master/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { type AppModule, registerModules } from './modules/module.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { platformModule } from './modules/platform/index.ts';
import { scanModule } from './modules/scan/index.ts';
import { submissionsModule } from './modules/submissions/index.ts';
import { subscriptionsModule } from './modules/subscriptions/index.ts';
import { ticketsModule } from './modules/tickets/index.ts';
import { usersModule } from './modules/users/index.ts';
import authPlugin, { type RouteAccess } from './plugins/auth.ts';
import configPlugin from './plugins/config.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import jobsPlugin, { type JobsPluginOptions } from './plugins/jobs.ts';
import mailPlugin from './plugins/mail.ts';
import metricsPlugin from './plugins/metrics.ts';
import paymentsPlugin from './plugins/payments.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityPlugin from './plugins/security.ts';
import storagePlugin from './plugins/storage.ts';
import webAppPlugin from './plugins/web-app.ts';

export interface RouteInfo {
  method: string;
  url: string;
  /** The zod schemas the route declared (body, querystring, params), for the hostile-input tests. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; hide?: boolean };
  /** Who may call it (config.access, plugins/auth.ts), for the authorization matrix and the description's test. */
  readonly access?: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteInfo[];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests); otherwise opened from config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  jobs?: JobsPluginOptions;
  /** Serve the built web client (default true). */
  webApp?: boolean;
  /** Where the built web client is (default apps/web/dist). */
  webDistDir?: string;
  /** The domain modules (default APP_MODULES). */
  modules?: readonly AppModule[];
}

/**
 * Every domain module (modules/<name>/index.ts says what each adds). The order is the order routes
 * are registered in (and listed in the API description) and the order modules react to an event.
 */
export const APP_MODULES: readonly AppModule[] = [
  healthModule,
  platformModule,
  eventsModule,
  contentModule,
  submissionsModule,
  authModule,
  accountModule,
  ticketsModule,
  paymentsModule,
  subscriptionsModule,
  affiliatesModule,
  masterModule,
  scanModule,
  ordersModule,
  usersModule,
];

/**
 * Request logs name the method, the path and the request id: never the query string (reset tokens,
 * ticket codes and checkout ids travel there), headers, cookies or the client's address.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
    },
  };
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The client's x-request-id when it is a short safe token, else a new UUID. */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}

const BODY_LIMIT = 1024 * 1024;
/** The largest upload any route accepts (edit-event artwork, MP3s: 20 MB) plus form overhead. */
const MULTIPART_FILE_LIMIT = 20 * 1024 * 1024 + 1;

/**
 * TRUST_PROXY as Fastify's option. Addresses go to proxy-addr as they are; a hop count becomes
 * "trust the nearest n hops" (Fastify 5 turns a bare number into trusting nothing).
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * With TLS files (TLS_CERT_FILE, TLS_KEY_FILE), HTTPS from this process: HTTP/2 for browsers, so
 * one connection carries a page's thirty-odd small files (over HTTP/1.1 a phone opens six and
 * queues the rest, a round trip each), and HTTP/1.1 for other clients (allowHTTP1). Fastify's http2
 * mode gives the app's code the same request and reply either way, so the app's types stay HTTP/1's.
 */
function tlsServerOptions(tls: Config['tls']): object {
  return tls ? { http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } } : {};
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...tlsServerOptions(config.tls),
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    // A first start creates and migrates the database (and a demo start seeds it) inside the db
    // plugin: Fastify's 10 s default was missed on a loaded 2-core machine (PGlite, load 12).
    pluginTimeout: 120_000,
    trustProxy: trustProxyOption(config.trustProxy),
    // A proxy's x-request-id joins our logs to its own, but only a short safe token is taken:
    // anything else (log injection, megabyte ids) gets a fresh id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A valid W3C traceparent's trace id goes on every log line of the request (and back in the
    // response's traceparent), so a proxy's or a client's trace finds our lines; an invalid one is ignored.
    childLoggerFactory: (logger, bindings, childOptions, rawRequest) => {
      const traceId = traceIdOf(rawRequest.headers.traceparent);
      return logger.child(traceId ? { ...bindings, traceId } : bindings, childOptions);
    },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every route the app serves, for the authorization matrix test (a new route needs a decision).
  const routes: RouteInfo[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema as RouteInfo['schema'],
        // Read when asked: the auth plugin's hook, after this one, gives a plugin's routes their scope's access.
        get access() {
          return route.config?.access;
        },
      });
    }
  });

  app.addHook('onRequest', (request, reply, done) => {
    const { traceparent } = request.headers;
    if (traceIdOf(traceparent)) reply.header('traceparent', traceparent);
    done();
  });

  // Infrastructure first: every module relies on config, database, jobs, mail and auth.
  await app.register(configPlugin, { config });
  await app.register(securityPlugin);
  await app.register(cookie);
  // `files` counts JSON parts sent as file parts too (lib/multipart.ts reads them as fields).
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT, files: 16, fields: 40, parts: 50 } });
  await app.register(dbPlugin, { database: options.database });
  // Metrics right after the database: it times every route registered after it, and mail counts through it.
  await app.register(metricsPlugin);
  await app.register(jobsPlugin, options.jobs ?? {});
  await app.register(mailPlugin);
  await app.register(paymentsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(storagePlugin);
  await app.register(docsPlugin);

  // The web client and the one error handler come before the modules: Fastify copies the error
  // handler into each plugin context when the context is created, so a handler set after the
  // modules would never see their errors. (The not-found handler serves client routes.)
  if (options.webApp !== false) await app.register(webAppPlugin, { distDir: options.webDistDir });
  registerErrorHandler(app, {
    serveSpa: app.serveWebApp ? (request, reply) => app.serveWebApp!(request, reply) : undefined,
    sessionRefusal: (request) => app.sessionRefusal(request),
  });

  // Domain modules: their routes (under /api), jobs, schedules and reactions, on this app only.
  await registerModules(app, options.modules ?? APP_MODULES);

  return app;
}
