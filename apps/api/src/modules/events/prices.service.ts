import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EVENT_MESSAGES, type EventPricesBody } from '@fourfour/shared/events';
import { penceToPounds, poundsToPence } from '@fourfour/shared/money';
import { events } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertEditable, writeAudit } from './admin-change.ts';
import { type EventRow, lockEventRow } from './events.queries.ts';
import { invalidateEventList } from './public-list.service.ts';
import { assertLadderedPricesUnchanged } from './releases.service.ts';
import { assertOnSalePrices } from './publishing.ts';

/** Prices: the admin's price change of an event's ticket types (audited, in one transaction). */
export async function updateEventPrices(
  app: FastifyInstance,
  actor: AuthUser,
  eventId: number,
  body: EventPricesBody,
): Promise<EventRow> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockEventRow(tx, eventId);
    if (!current) throw notFound(EVENT_MESSAGES.notFound);
    assertEditable(current);
    // A price left out keeps its value (updating one price once set the other to £0); an empty one is 0.
    const pence = (pounds: number | null | undefined, was: number) =>
      pounds === undefined ? was : poundsToPence(pounds ?? 0);
    // A type sold in releases keeps its price column: its prices are its releases'.
    const laddered = await assertLadderedPricesUnchanged(tx, current, body);
    const standardPricePence = laddered.has('STANDARD')
      ? current.standardPricePence
      : pence(body.standardTicketPrice, current.standardPricePence);
    const vipPricePence = laddered.has('VIP')
      ? current.vipPricePence
      : pence(body.vipTicketPrice, current.vipPricePence);
    assertOnSalePrices(current.status, { standardTicketPrice: standardPricePence, vipTicketPrice: vipPricePence });
    const [updated] = await tx
      .update(events)
      .set({ standardPricePence, vipPricePence, updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    await writeAudit(tx, actor, 'event.prices', eventId, {
      standardTicketPrice: { from: penceToPounds(current.standardPricePence), to: penceToPounds(standardPricePence) },
      vipTicketPrice: { from: penceToPounds(current.vipPricePence), to: penceToPounds(vipPricePence) },
    });
    return updated!;
  });
  invalidateEventList(app);
  return row;
}
