import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@fourfour/shared/api-error';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type of the API. Below 500 its message goes to the client as it is. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly fieldErrors?: FieldError[],
    /** Extra fields merged into the body, e.g. needsEmailVerification. */
    public readonly extra?: Record<string, unknown>,
  ) {
    // An answer to the client, not a fault: its stack would never be read, and capturing one on
    // every refusal (a sold-out event answers thousands) is measurable work.
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new AppError('BAD_REQUEST', 400, message, fieldErrors);
export const fieldError = (field: string, message: string, status = 400, code = 'VALIDATION_FAILED') =>
  new AppError(code, status, message, [{ field, message }]);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', 403, message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(code, 409, message);

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  423: 'LOCKED',
  429: 'TOO_MANY_REQUESTS',
};

/** Turns zod issue paths such as ['body', 'email'] into the field name the client shows. */
function fieldName(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = typeof params?.missingProperty === 'string' ? params.missingProperty : '';
  return [path, missing].filter(Boolean).join('.') || 'body';
}

/** One error handler: every error leaves as { message, code, errors? }. */
export function registerErrorHandler(
  app: FastifyInstance,
  options: {
    serveSpa?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
    /**
     * Routes that check the account in their own statement (accountCheck 'statement') may fail before it
     * ran (bad input, say): an ended session still answers 401 first, and a caller without the
     * route's role 403, as on every other route.
     */
    sessionRefusal?: (request: FastifyRequest) => Promise<AppError | null>;
  } = {},
): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (request.session && !request.session.confirmed && status !== 401 && options.sessionRefusal) {
      request.session.confirmed = true;
      // If even that read fails, the original error stands (a 5xx says nothing about the account).
      error = (await options.sessionRefusal(request).catch(() => null)) ?? error;
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: fieldName(v.instancePath, v.params as Record<string, unknown>),
        message: v.message ?? 'Invalid value.',
      }));
      return reply.status(400).send({
        message: errors[0]?.message ?? 'Invalid request.',
        code: 'VALIDATION_FAILED',
        errors,
      });
    }
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // PostgreSQL is down, restarting or out of reach: say so at once, and let the client retry.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', 5);
      return reply.status(503).send({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
    }
    let message = error.message;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      message = 'The request body is not valid JSON.';
    } else if (status === 413) {
      message = 'The request is too large.';
    } else if (status === 415) {
      message = 'This content type is not supported.';
    } else if (status === 429 && !message) {
      message = 'Too many requests. Please wait a moment and try again.';
    }
    const code = (error as { code?: string }).code;
    return reply.status(status).send({
      message,
      code: code && /^[A-Z_]+$/.test(code) && !code.startsWith('FST_') ? code : (STATUS_CODES[status] ?? 'BAD_REQUEST'),
    });
  });

  // Client routes (any GET outside /api) get the web app; everything else a JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && options.serveSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      return options.serveSpa(request, reply);
    }
    return reply
      .status(404)
      .send({ message: `No route ${request.method} ${request.url.split('?')[0]}.`, code: 'NOT_FOUND' });
  });
}
