import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody } from '@fourfour/shared/api-error';
import {
  AUTH_MESSAGES,
  AuthUser,
  EmailOnlyBody,
  LoginBody,
  LoginResponse,
  RefreshResponse,
  RegisterBody,
  ResetPasswordBody,
  VerifyBody,
} from '@fourfour/shared/auth';
import { AppError } from '../../lib/errors.ts';
import { perTargetEmail } from '../../plugins/rate-limit.ts';
import {
  loginUser,
  registerUser,
  requestPasswordReset,
  resendVerificationCode,
  resetPassword,
  verifyEmail,
} from './auth.service.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';
import { endSessionByToken, rotateRefreshToken } from './sessions.service.ts';

/**
 * Per-IP throttling of the unauthenticated account routes (shared store: PostgreSQL, or Redis).
 * The routes that send mail are limited per target address as well (`perAddress`), so an attacker
 * changing IP cannot flood one inbox. The per-account limits are rules of the service: password
 * throttling, 5 tries per verification code, the 30 s resend cooldown and one reset mail per minute
 * per address.
 */
const limits = {
  register: { max: 10, timeWindow: '1 hour' },
  verify: { max: 20, timeWindow: '10 minutes' },
  resend: { max: 10, timeWindow: '10 minutes' },
  login: { max: 20, timeWindow: '1 minute' },
  forgot: { max: 5, timeWindow: '15 minutes' },
  reset: { max: 20, timeWindow: '15 minutes' },
  refresh: { max: 60, timeWindow: '1 minute' },
} as const;
const perAddress = { max: 5, timeWindow: '1 hour' } as const;

const tags = ['auth'];

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted after validation, so only well-formed requests use up an address's allowance.
  const perAddressLimit = (name: string) => app.limitPer(`auth-${name}-email`, perAddress, perTargetEmail);

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: limits.register },
      preHandler: perAddressLimit('register'),
      schema: {
        summary: 'Create an account; a verification code is emailed',
        tags,
        body: RegisterBody,
        response: { 201: MessageBody },
      },
    },
    async (request, reply) => {
      await registerUser(app, request.body);
      return reply.status(201).send({ message: AUTH_MESSAGES.registered });
    },
  );

  app.post(
    '/verify',
    {
      config: { access: 'public', rateLimit: limits.verify },
      schema: {
        summary: 'Verify the email address with the emailed code',
        tags,
        body: VerifyBody,
        response: { 200: MessageBody },
      },
    },
    async (request) => ({ message: await verifyEmail(app, request.body.email, request.body.code) }),
  );

  app.post(
    '/resend-code',
    {
      config: { access: 'public', rateLimit: limits.resend },
      preHandler: perAddressLimit('resend'),
      schema: { summary: 'Email a new verification code', tags, body: EmailOnlyBody, response: { 200: MessageBody } },
    },
    async (request) => {
      await resendVerificationCode(app, request.body.email);
      return { message: AUTH_MESSAGES.resendSuccess };
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: limits.login },
      schema: {
        summary: 'Sign in: an access token, and the refresh cookie',
        tags,
        body: LoginBody,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const result = await loginUser(app, {
        ...request.body,
        userAgent: request.headers['user-agent'],
        clientAddress: request.ip,
      });
      setRefreshCookie(app, reply, result);
      return { accessToken: result.accessToken, user: result.user };
    },
  );

  app.post(
    '/refresh',
    {
      config: { access: 'refresh-cookie', rateLimit: limits.refresh },
      schema: {
        tags,
        summary: 'A new access token for the session of the refresh cookie (the cookie is rotated)',
        response: { 200: RefreshResponse },
      },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(app, request);
      const outcome = presented ? await rotateRefreshToken(app, presented) : null;
      if (!outcome?.ok) {
        clearRefreshCookie(app, reply);
        const code = outcome?.reason === 'reused' ? 'REFRESH_REUSED' : 'NO_SESSION';
        throw new AppError(code, 401, AUTH_MESSAGES.sessionEnded);
      }
      setRefreshCookie(app, reply, outcome.session);
      return { accessToken: outcome.session.accessToken, user: outcome.session.user };
    },
  );

  const logoutSchema = {
    tags,
    summary: "Sign out: ends the refresh cookie's session, if one is sent, and clears the cookie",
    response: { 200: MessageBody },
  };
  // The cookie is optional: without one, logout still answers 200 and clears it.
  const logoutAccess = { access: 'refresh-cookie-optional' } as const;
  app.post('/logout', { config: logoutAccess, schema: logoutSchema }, async (request, reply) => {
    const presented = readRefreshCookie(app, request);
    // Ends the session: its refresh tokens and, checked on every request, its access tokens.
    if (presented) await endSessionByToken(app.db, presented);
    clearRefreshCookie(app, reply);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: limits.forgot },
      preHandler: perAddressLimit('forgot'),
      schema: {
        summary: 'Email a password reset link (the same answer whether or not the address has an account)',
        tags,
        body: EmailOnlyBody,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      await requestPasswordReset(app, request.body.email);
      return { message: AUTH_MESSAGES.forgotSent };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: limits.reset },
      schema: {
        summary: 'Set a new password with the emailed reset token',
        tags,
        body: ResetPasswordBody,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      await resetPassword(app, request.body.token, request.body.newPassword);
      return { message: AUTH_MESSAGES.resetSuccess };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'The signed-in user', tags, response: { 200: AuthUser } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new AppError('UNAUTHORIZED', 401, AUTH_MESSAGES.sessionEnded);
      return user;
    },
  );
};

export default authRoutes;
