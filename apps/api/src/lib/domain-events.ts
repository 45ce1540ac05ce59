import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client.ts';
import type { CheckoutSession, ProviderEvent } from './payments/gateway.ts';

/** A provider event's id and type: recorded in the same transaction as its effect, so a duplicate is a no-op. */
export interface RecordedEvent {
  id: string;
  type: string;
}

/** A checkout session re-read from the provider (never the event's body), and the event that reported it. */
export interface CheckoutSessionChanged {
  session: CheckoutSession;
  event: RecordedEvent;
}

/**
 * Every domain event of the app: its name and what it carries. The module that owns the fact emits
 * it (`app.domainEvents.emit`); a module that reacts lists a reaction in its entry
 * (`modules/<name>/index.ts`). A new event is added here first.
 */
export interface DomainEvents {
  /**
   * An account is being deleted (account module). Emitted inside the deletion's transaction:
   * reactions do their database work with `tx` and queue anything outside the database (payment
   * provider, mail) as a job with `{ tx }`, so it happens if and only if the deletion commits.
   * Reactions run in module order; one that throws aborts the deletion.
   */
  'account.deleted': { userId: number; tx: Tx };
  /**
   * An event was cancelled (events module). Emitted by the durable job `event.cancelled`, enqueued
   * in the cancellation's transaction: every reaction runs even when another fails, and any failure
   * retries the job, so reactions must be idempotent.
   */
  'event.cancelled': { eventId: number };
  /**
   * A checkout session changed at the payment provider (payments module: Stripe's webhook, or the
   * local provider's Pay and Cancel), named by the session's `metadata.kind`: the module that
   * created the session applies it.
   */
  'payment.checkout.tickets': CheckoutSessionChanged;
  'payment.checkout.subscription': CheckoutSessionChanged;
  /** Other provider events (payments module), named `payment.<the provider's event type>`. */
  'payment.charge.refunded': ProviderEvent;
  'payment.customer.subscription.created': ProviderEvent;
  'payment.customer.subscription.updated': ProviderEvent;
  'payment.customer.subscription.deleted': ProviderEvent;
  'payment.invoice.paid': ProviderEvent;
  'payment.invoice.payment_failed': ProviderEvent;
}

export type DomainEventName = keyof DomainEvents;
export type CheckoutEventName = Extract<DomainEventName, `payment.checkout.${string}`>;
export type ProviderEventName = Exclude<Extract<DomainEventName, `payment.${string}`>, CheckoutEventName>;

export type DomainEventHandler<E extends DomainEventName> = (
  app: FastifyInstance,
  payload: DomainEvents[E],
) => Promise<unknown>;

export interface DomainEventBus {
  /** Adds a reaction to this app only; reactions run in the order they were added (the modules' first). */
  on<E extends DomainEventName>(event: E, name: string, handle: DomainEventHandler<E>): void;
  /** Runs the reactions in order; the first that throws stops the rest and its error is thrown (inside a transaction). */
  emit<E extends DomainEventName>(event: E, payload: DomainEvents[E]): Promise<void>;
  /** Runs every reaction even when one throws; then throws the failure, or an AggregateError of several. */
  emitToAll<E extends DomainEventName>(event: E, payload: DomainEvents[E]): Promise<void>;
  /** The names of an event's reactions, in the order they run (none for an unknown name). */
  reactionsTo(event: string): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's domain events: reactions added to one app never run for another. */
    domainEvents: DomainEventBus;
  }
}

type AnyHandler = (app: FastifyInstance, payload: unknown) => Promise<unknown>;

/** A bus for one app instance: nothing is kept at module level, so two apps in a process share nothing. */
export function createDomainEventBus(app: FastifyInstance): DomainEventBus {
  const reactions = new Map<string, { name: string; handle: AnyHandler }[]>();
  const reactionsOf = (event: string) => reactions.get(event) ?? [];
  return {
    on(event, name, handle) {
      const list = reactionsOf(event);
      if (list.some((r) => r.name === name)) throw new Error(`"${event}" already has a reaction named "${name}"`);
      reactions.set(event, [...list, { name, handle: handle as AnyHandler }]);
    },
    async emit(event, payload) {
      for (const { handle } of reactionsOf(event)) await handle(app, payload);
    },
    async emitToAll(event, payload) {
      const failures: unknown[] = [];
      for (const { handle } of reactionsOf(event)) {
        try {
          await handle(app, payload);
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, `${failures.length} ${event} reactions failed`);
    },
    reactionsTo(event) {
      return reactionsOf(event).map((r) => r.name);
    },
  };
}
