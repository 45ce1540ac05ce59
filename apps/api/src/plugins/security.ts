import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every response (DESIGN.md): a CSP with no inline scripts, frames only from
 * Spotify's player, nosniff, a strict referrer policy, HSTS when served over https; and compression.
 */
export default fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https://');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets style attributes at runtime; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://open.spotify.com'],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // The camera for the door scanner is the only powerful feature the app uses.
      permittedCrossDomainPolicies: { permittedPolicies: 'none' },
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=()');
      reply.removeHeader('x-powered-by');
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'security', dependencies: ['config'] },
);
