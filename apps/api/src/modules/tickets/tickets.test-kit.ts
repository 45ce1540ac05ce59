import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SubscriptionTier } from '@fourfour/shared/enums';
import type { TicketDraftInput } from '@fourfour/shared/tickets';
import { devMailbox, events, users } from '../../db/schema/index.ts';
import type { TestUser } from '../../../test/factories.ts';
import { waitFor } from '../../../test/helpers.ts';

/** Small helpers shared by the tickets tests. */

let n = 0;
export function draft(
  ticketType: 'STANDARD' | 'VIP' = 'STANDARD',
  extra: Partial<TicketDraftInput> = {},
): TicketDraftInput {
  n++;
  return {
    ticketType,
    firstName: `Ada${n}`,
    lastName: 'Lovelace',
    dateOfBirth: '1990-05-05',
    useFreeTicket: false,
    ...extra,
  };
}

export function reserve(
  app: FastifyInstance,
  user: TestUser,
  eventId: number,
  drafts: TicketDraftInput[],
  affiliateCode?: string,
  unlockCode?: string,
) {
  const q = new URLSearchParams({ eventId: String(eventId) });
  if (affiliateCode !== undefined) q.set('affiliateCode', affiliateCode);
  if (unlockCode !== undefined) q.set('unlockCode', unlockCode);
  return app.inject({ method: 'POST', url: `/api/tickets/reserve?${q}`, headers: user.headers, payload: drafts });
}

/** As the spec's client does it: form-encoded, empty body. */
export function createCheckout(app: FastifyInstance, user: TestUser, reservationToken: string) {
  return app.inject({
    method: 'POST',
    url: `/api/tickets/create-checkout-session?reservationToken=${reservationToken}`,
    headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

export async function makeMember(
  app: FastifyInstance,
  userId: number,
  tier: SubscriptionTier,
  verification: 'VERIFIED' | 'PENDING' | 'NONE' = 'VERIFIED',
  status: 'ACTIVE' | 'CANCELLED' | 'ENDED' = 'ACTIVE',
) {
  await app.db
    .update(users)
    .set({ subscriptionTier: tier, subscriptionStatus: status, verificationStatus: verification })
    .where(eq(users.id, userId));
}

export async function makeAffiliate(app: FastifyInstance, userId: number, code: string) {
  await app.db.update(users).set({ affiliateCode: code }).where(eq(users.id, userId));
}

export async function stockOf(app: FastifyInstance, eventId: number) {
  const [e] = await app.db.select().from(events).where(eq(events.id, eventId));
  return e!;
}

export async function mailTo(app: FastifyInstance, email: string, subjectIncludes: string) {
  return waitFor(async () => {
    const rows = await app.db.select().from(devMailbox).where(eq(devMailbox.to, email));
    return rows.find((r) => r.subject.includes(subjectIncludes));
  });
}
