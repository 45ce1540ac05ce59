import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody } from '@fourfour/shared/api-error';
import { SESSION_MESSAGES, SessionIdParams, SignedInDevices } from '@fourfour/shared/sessions';
import type { AuthUser } from '../../plugins/auth.ts';
import { listDevices, signOutDevice, signOutOtherDevices } from './devices.service.ts';

const tags = ['account'];
/** Per IP, like the other account routes; signing out writes, so it gets the smaller allowance. */
const limits = {
  list: { max: 60, timeWindow: '1 minute' },
  signOut: { max: 20, timeWindow: '1 minute' },
} as const;

/** The signed-in user's devices (/api/account/sessions…): every route needs a session. */
const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route below is declared 'signed-in': the auth plugin has set request.user (with the token's session).
  const me = (request: { user: AuthUser | null }) => request.user as AuthUser;

  app.get(
    '/sessions',
    {
      config: { access: 'signed-in', rateLimit: limits.list },
      schema: { summary: 'The devices signed in to this account', tags, response: { 200: SignedInDevices } },
    },
    async (request) => listDevices(app, me(request).id, me(request).sessionId),
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'signed-in', rateLimit: limits.signOut },
      schema: {
        summary: 'Sign out one device',
        tags,
        params: SessionIdParams,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      await signOutDevice(app, me(request).id, request.params.id);
      return { message: SESSION_MESSAGES.signedOut };
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      config: { access: 'signed-in', rateLimit: limits.signOut },
      schema: { summary: 'Sign out every other device', tags, response: { 200: MessageBody } },
    },
    async (request) => {
      await signOutOtherDevices(app, me(request).id, me(request).sessionId);
      return { message: SESSION_MESSAGES.signedOutOthers };
    },
  );
};

export default devicesRoutes;
