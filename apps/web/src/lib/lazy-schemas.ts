import type { MessageBody } from '@fourfour/shared/api-error';
import type { LazyAnswerSchema } from './api-client.ts';

/**
 * Shared schemas loaded on demand, for pages in a first load that stay zod-free (bench/web-size.ts):
 * an answer's schema loads while its request is in flight (LazyAnswerSchema), a form's when the form
 * is first used. One import site per module, so the built pages carry one list of its chunk's
 * dependencies.
 */
export const authSchemas = () => import('@fourfour/shared/auth');
export const ticketSchemas = () => import('@fourfour/shared/tickets');
export const releaseSchemas = () => import('@fourfour/shared/releases');
export const affiliateSchemas = () => import('@fourfour/shared/affiliates');
export const orderActionSchemas = () => import('@fourfour/shared/order-actions');
export const scanSchemas = () => import('@fourfour/shared/scan');
export const doorSchemas = () => import('@fourfour/shared/door');

/** The `{ message }` answer's schema. */
export const lazyMessageBody: LazyAnswerSchema<MessageBody> = () =>
  import('@fourfour/shared/api-error').then((m) => m.MessageBody);
