import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaidTier, SubscriptionStatus, VerificationStatus } from '@fourfour/shared/enums';
import { benefits, localCustomers, localSubscriptions, subscriptions, users } from '../../db/schema/index.ts';
import { addMonth, localPriceId } from '../../lib/payments/local-subscriptions.ts';
import { createUser, DEMO_PASSWORD } from '../users/index.ts';
import { grantBenefits } from './benefits.service.ts';
import type { DemoSeed } from '../module.ts';

/**
 * Demo memberships: member@ is an ACTIVE, VERIFIED MIDDLE member with benefits (two delivered);
 * new_member@ has just subscribed to ENTRY and waits for age verification (PENDING); leaving@ has
 * cancelled HEADLINER, which runs to the end of the period. With the local provider each has a
 * real local subscription, so the portal page works for them.
 */
const DEMO_MEMBERS: {
  email: string;
  username: string | null;
  tier: PaidTier;
  status: SubscriptionStatus;
  verification: VerificationStatus;
  startedDaysAgo: number;
}[] = [
  {
    email: 'member@fourfour.local',
    username: null,
    tier: 'MIDDLE',
    status: 'ACTIVE',
    verification: 'VERIFIED',
    startedDaysAgo: 75,
  },
  {
    email: 'new_member@fourfour.local',
    username: 'fresh_member',
    tier: 'ENTRY',
    status: 'ACTIVE',
    verification: 'PENDING',
    startedDaysAgo: 2,
  },
  {
    email: 'leaving@fourfour.local',
    username: 'last_dance',
    tier: 'HEADLINER',
    status: 'CANCELLED',
    verification: 'VERIFIED',
    startedDaysAgo: 50,
  },
];

async function seedMember(app: FastifyInstance, m: (typeof DEMO_MEMBERS)[number]) {
  let [user] = await app.db.select().from(users).where(eq(users.email, m.email));
  if (!user && m.username) {
    user = await createUser(app.db, {
      email: m.email,
      username: m.username,
      password: DEMO_PASSWORD,
      birthDate: '1997-09-20',
      role: 'USER',
      verified: true,
    });
  }
  if (!user) return null;
  const startedAt = new Date(Date.now() - m.startedDaysAgo * 24 * 3600_000);
  let periodStart = startedAt;
  let periodEnd = addMonth(startedAt);
  while (periodEnd.getTime() <= Date.now()) {
    periodStart = periodEnd;
    periodEnd = addMonth(periodEnd);
  }
  const local = app.payments.provider === 'local';
  const suffix = randomBytes(12).toString('base64url');
  const customerId = local ? `lcus_demo_${suffix}` : null;
  const subscriptionId = local ? `lsub_demo_${suffix}` : null;
  if (customerId && subscriptionId) {
    await app.db.insert(localCustomers).values({
      id: customerId,
      idempotencyKey: `customer:${user.id}`,
      email: m.email,
      metadata: { userId: String(user.id) },
    });
    await app.db.insert(localSubscriptions).values({
      id: subscriptionId,
      customerId,
      priceId: localPriceId(m.tier),
      cancelAtPeriodEnd: m.status === 'CANCELLED',
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      metadata: { kind: 'subscription', userId: String(user.id), tier: m.tier },
      createdAt: startedAt,
    });
    await app.db.insert(subscriptions).values({
      userId: user.id,
      provider: 'local',
      providerSubscriptionId: subscriptionId,
      providerCustomerId: customerId,
      tier: m.tier,
      status: m.status,
      providerStatus: 'active',
      cancelAtPeriodEnd: m.status === 'CANCELLED',
      currentPeriodEnd: periodEnd,
      startedAt,
      activatedAt: startedAt,
    });
  }
  await app.db
    .update(users)
    .set({
      subscriptionTier: m.tier,
      subscriptionStatus: m.status,
      verificationStatus: m.verification,
      subscriptionStartDate: startedAt,
      subscriptionExpiresAt: periodEnd,
      paymentCustomerId: customerId,
      paymentSubscriptionId: subscriptionId,
    })
    .where(eq(users.id, user.id));
  await grantBenefits(app.db, user.id, m.tier);
  return user;
}

export const subscriptionsDemoSeed: DemoSeed = {
  order: 35,
  async seed(app): Promise<string[]> {
    const seeded = [];
    for (const m of DEMO_MEMBERS) {
      const user = await seedMember(app, m);
      if (user) seeded.push(`  ${m.tier.padEnd(9)} ${m.status.padEnd(9)} ${m.verification.padEnd(8)} ${m.email}`);
    }
    // member@ has had two benefits delivered already.
    const [member] = await app.db.select().from(users).where(eq(users.email, 'member@fourfour.local'));
    if (member) {
      const [admin] = await app.db.select().from(users).where(eq(users.email, 'admin@fourfour.local'));
      const rows = await app.db.select().from(benefits).where(eq(benefits.userId, member.id)).orderBy(asc(benefits.id));
      for (const row of rows.slice(0, 2)) {
        await app.db
          .update(benefits)
          .set({ deliveredAt: new Date(Date.now() - 20 * 24 * 3600_000), deliveredBy: admin?.id ?? null })
          .where(eq(benefits.id, row.id));
      }
    }
    return ['Demo memberships (password as above):', ...seeded];
  },
};
