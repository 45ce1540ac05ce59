import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';
import type { CheckoutEventName, ProviderEventName, RecordedEvent } from '../../lib/domain-events.ts';
import type { ProviderEvent } from '../../lib/payments/gateway.ts';

/**
 * Provider events, from Stripe's webhook or the local provider's Pay/Cancel buttons, go through
 * one handler. It never trusts the event's body: a checkout session is re-read from the provider and
 * emitted as the domain event of its `metadata.kind` (`payment.checkout.tickets`, `...subscription`),
 * which the module that created it reacts to; other event types are emitted as `payment.<type>`
 * (lib/domain-events.ts). The event id is recorded by the reacting module in the same transaction as
 * its effect (recordPaymentEvent), so a duplicate delivery is a no-op and a failed one leaves no trace
 * and is retried.
 */

export type { RecordedEvent };

/** Inserts the event id; false when it was already there (a duplicate: do nothing). */
export async function recordPaymentEvent(tx: DbOrTx, event: RecordedEvent): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function isPaymentEventRecorded(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return !!row;
}

export const CHECKOUT_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** Applies one provider event. Throws on a transient failure so the provider delivers it again. */
export async function handleProviderEvent(
  app: FastifyInstance,
  event: ProviderEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  // Cheap early exit for a redelivery; the recorded insert inside the effect's transaction decides.
  if (await isPaymentEventRecorded(app.db, event.id)) return 'duplicate';
  if (CHECKOUT_EVENT_TYPES.has(event.type)) {
    // Order is never assumed: whatever the event says, the session is read as it is now.
    const session = await app.payments.retrieveCheckoutSession(event.objectId);
    const name = `payment.checkout.${session.metadata.kind ?? ''}`;
    // Only a name some module reacts to: every such name is a key of DomainEvents.
    if (app.domainEvents.reactionsTo(name).length === 0) {
      app.log.info({ eventId: event.id, type: event.type }, 'checkout session of no known kind; ignored');
      return 'ignored';
    }
    await app.domainEvents.emit(name as CheckoutEventName, { session, event: { id: event.id, type: event.type } });
    return 'applied';
  }
  const name = `payment.${event.type}`;
  if (app.domainEvents.reactionsTo(name).length === 0) {
    app.log.debug({ eventId: event.id, type: event.type }, 'provider event type not handled');
    return 'ignored';
  }
  await app.domainEvents.emit(name as ProviderEventName, event);
  return 'applied';
}
