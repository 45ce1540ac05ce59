import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody } from '@fourfour/shared/api-error';
import {
  AccountView,
  AUTH_MESSAGES,
  ChangePasswordBody,
  ChangePasswordResponse,
  DeleteAccountBody,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@fourfour/shared/auth';
import type { AuthUser } from '../../plugins/auth.ts';
import { clearRefreshCookie, setRefreshCookie } from '../auth/index.ts';
import { changePassword, deleteAccount, getAccountView } from './account.service.ts';
import { disableTwoFactor, enableTwoFactor, getTwoFactorStatus, setupTwoFactor } from './two-factor.service.ts';

const tags = ['account'];
/**
 * Per IP, for the routes that check the password again; wrong passwords are throttled per account
 * and address as well (password-throttle.service.ts).
 */
const passwordRouteLimit = { max: 10, timeWindow: '15 minutes' } as const;

/** The signed-in user's own account: every route needs a session. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route below is declared 'signed-in': the auth plugin has set request.user.
  const me = (request: { user: AuthUser | null }) => request.user as AuthUser;

  app.get(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The signed-in account, with membership and verification',
        tags,
        response: { 200: AccountView },
      },
    },
    async (request) => getAccountView(app, me(request).id),
  );

  app.post(
    '/change-password',
    {
      config: { access: 'signed-in', rateLimit: passwordRouteLimit },
      schema: {
        summary: 'Change the password (the current one is asked again)',
        tags,
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse },
      },
    },
    async (request, reply) => {
      const session = await changePassword(
        app,
        me(request).id,
        request.body.currentPassword,
        request.body.newPassword,
        {
          userAgent: request.headers['user-agent'],
          clientAddress: request.ip,
        },
      );
      setRefreshCookie(app, reply, session);
      return { message: AUTH_MESSAGES.passwordChanged, accessToken: session.accessToken };
    },
  );

  app.get(
    '/2fa/status',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'Whether two-factor sign-in is on', tags, response: { 200: TwoFactorStatus } },
    },
    async (request) => getTwoFactorStatus(app, me(request).id),
  );

  app.post(
    '/2fa/setup',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Start two-factor setup: a new secret and its QR code',
        tags,
        response: { 200: TwoFactorSetup },
      },
    },
    async (request) => setupTwoFactor(app, me(request).id),
  );

  app.post(
    '/2fa/enable',
    {
      config: { access: 'signed-in', rateLimit: passwordRouteLimit },
      schema: {
        summary: 'Turn two-factor sign-in on with a code from the app',
        tags,
        body: TwoFactorEnableBody,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      await enableTwoFactor(app, me(request).id, request.body.password, request.body.code, request.ip);
      return { message: AUTH_MESSAGES.twoFactorEnabled };
    },
  );

  app.post(
    '/2fa/disable',
    {
      config: { access: 'signed-in', rateLimit: passwordRouteLimit },
      schema: {
        summary: 'Turn two-factor sign-in off (password and code asked)',
        tags,
        body: TwoFactorDisableBody,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      await disableTwoFactor(app, me(request).id, request.body.password, request.body.code, request.ip);
      return { message: AUTH_MESSAGES.twoFactorDisabled };
    },
  );

  app.delete(
    '/delete',
    {
      config: { access: 'signed-in', rateLimit: passwordRouteLimit },
      schema: {
        summary: 'Delete the account (the password is asked again)',
        tags,
        body: DeleteAccountBody,
        response: { 200: MessageBody },
      },
      // A client that sends no body at all (the spec's old call) hears that the password is needed.
      preValidation: async (request: { body: unknown }) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      await deleteAccount(app, me(request).id, request.body, request.ip);
      clearRefreshCookie(app, reply);
      return { message: AUTH_MESSAGES.accountDeleted };
    },
  );
};

export default accountRoutes;
