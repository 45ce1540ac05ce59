import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays } from '@fourfour/shared/events';
import { events, ticketReleases, tickets, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import { DEFAULT_ARTWORK_FOLDER, renderDefaultArtwork } from './artwork.service.ts';
import { insertIssuedOrder } from '../tickets/index.ts';
import type { DemoSeed } from '../module.ts';

interface DemoEvent {
  title: string;
  description: string | null;
  location: string | null;
  /** Days from today (local) and wall-clock times; null = undated. */
  when: { days: number; start: string; end: string } | { minutesFromNow: number; hours: number } | null;
  status: 'PLANNED' | 'PUBLISHED';
  cancelled?: boolean;
  totals: [number, number];
  prices: [number, number];
  /** Tickets already sold: [standard, vip]. */
  sold?: [number, number];
  /** Of those, standard tickets held by demo accounts (the rest by the demo crowd). */
  fans?: Record<string, number>;
  organiser?: { name: string; contact: string };
  /**
   * STANDARD sold in releases (issue 20), in order; the standard tickets sold (at `prices[0]`) are
   * the first release's. A release with a code is a hidden presale.
   */
  releases?: { name: string; price: number; quantity: number; unlockCode?: string }[];
}

const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Deep Warehouse Sessions',
    description: 'Six hours of deep and soulful house in a Hackney warehouse. Funktion-One, no phones on the floor.',
    location: 'Warehouse 44, Hackney Wick, London',
    when: { days: 12, start: '22:00', end: '04:00' },
    status: 'PUBLISHED',
    totals: [200, 40],
    prices: [1800, 4500],
    sold: [14, 3],
    fans: { 'fan@fourfour.local': 2, 'member@fourfour.local': 1 },
  },
  {
    title: 'Sunset Rooftop Social',
    description: 'Balearic and disco edits as the sun goes down over the city. Run by our friends at Skyline.',
    location: 'Skyline Terrace, Shoreditch, London',
    when: { days: 20, start: '16:00', end: '23:00' },
    status: 'PUBLISHED',
    totals: [120, 20],
    prices: [1500, 5500],
    sold: [30, 0],
    organiser: { name: 'Skyline Promotions', contact: 'events@skyline.example' },
    releases: [
      { name: 'Early bird', price: 1500, quantity: 30 },
      { name: 'Tier 2', price: 2200, quantity: 60 },
      { name: 'Final release', price: 2600, quantity: 30 },
      { name: 'Skyline mailing list presale', price: 1200, quantity: 20, unlockCode: 'SKYLINE-LIST' },
    ],
  },
  {
    title: 'Vinyl Only: All Night Long',
    description: 'One DJ, one crate of records, from open to close.',
    location: 'The Cellar, Peckham, London',
    when: { days: 7, start: '23:00', end: '06:00' },
    status: 'PUBLISHED',
    totals: [60, 10],
    prices: [1500, 3500],
    sold: [55, 8],
    fans: { 'member@fourfour.local': 2 },
  },
  {
    title: "Basement Jack'd Reunion",
    description: 'The residents are back for one night. Sold out — keep an eye out for returns.',
    location: 'Basement 45, Bristol',
    when: { days: 5, start: '21:00', end: '03:00' },
    status: 'PUBLISHED',
    totals: [50, 10],
    prices: [2000, 4000],
    sold: [50, 10],
  },
  {
    title: 'Summer Solstice Open Air',
    description: 'Our first open-air party of the year. Line-up and tickets coming soon.',
    location: 'Victoria Park, London',
    when: { days: 60, start: '12:00', end: '22:00' },
    status: 'PLANNED',
    totals: [0, 0],
    prices: [0, 0],
  },
  {
    title: 'Secret Location Series #3',
    description: null,
    location: null,
    when: null,
    status: 'PLANNED',
    totals: [0, 0],
    prices: [0, 0],
  },
  {
    title: 'Friday Warm-Up',
    description: 'Early doors, free entry before 8pm for members. Online sales have closed.',
    location: 'Corsica Studios, Elephant & Castle, London',
    when: { minutesFromNow: 90, hours: 5 },
    status: 'PUBLISHED',
    totals: [80, 10],
    prices: [1000, 2500],
    sold: [6, 1],
    fans: { 'fan@fourfour.local': 1 },
  },
  {
    title: 'Garage Classics Night',
    description: 'Cancelled: the venue lost its licence. Every ticket has been refunded.',
    location: 'Studio 9, Manchester',
    when: { days: 14, start: '22:00', end: '03:00' },
    status: 'PUBLISHED',
    cancelled: true,
    totals: [100, 20],
    prices: [1600, 4000],
  },
  {
    title: "New Year's Day Recovery",
    description: 'Slow grooves and strong coffee. Thanks to everyone who came.',
    location: 'Warehouse 44, Hackney Wick, London',
    when: { days: -3, start: '14:00', end: '22:00' },
    status: 'PUBLISHED',
    totals: [150, 30],
    prices: [1200, 3000],
    sold: [41, 6],
    fans: { 'fan@fourfour.local': 2 },
  },
];

const FIRST_NAMES = ['Alex', 'Sam', 'Jordan', 'Priya', 'Kofi', 'Mia', 'Leon', 'Ama', 'Chloe', 'Ravi'];
const LAST_NAMES = ['Taylor', 'Okafor', 'Singh', 'Murphy', 'Nguyen', 'Evans', 'Mensah', 'Khan'];

function scheduleOf(when: DemoEvent['when'], timeZone: string): { startsAt: Date | null; endsAt: Date | null } {
  if (!when) return { startsAt: null, endsAt: null };
  if ('minutesFromNow' in when) {
    const startsAt = new Date(Math.ceil((Date.now() + when.minutesFromNow * 60_000) / 300_000) * 300_000);
    return { startsAt, endsAt: new Date(startsAt.getTime() + when.hours * 3600_000) };
  }
  const today = instantToLocal(new Date(), timeZone).date;
  const date = addDays(today, when.days);
  const endDate = when.end < when.start ? addDays(date, 1) : date;
  return {
    startsAt: localToInstant(`${date}T${when.start}:00`, timeZone),
    endsAt: localToInstant(`${endDate}T${when.end}:00`, timeZone),
  };
}

/** Demo ticket buyers besides the demo accounts: not sign-in-able (random password). */
async function createCrowd(app: FastifyInstance): Promise<number[]> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const rows = await app.db
    .insert(users)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        email: `guest${String(i + 1).padStart(2, '0')}@crowd.fourfour.local`,
        username: `crowd_guest_${i + 1}`,
        passwordHash,
        birthDate: `199${i % 10}-0${(i % 9) + 1}-15`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

interface Sale {
  type: 'STANDARD' | 'VIP';
  price: number;
}

/** Real ticket rows behind the sold counters, so stats and "my tickets" agree with the list. */
async function seedSales(
  app: FastifyInstance,
  eventId: number,
  demo: DemoEvent,
  fanIds: Map<string, number>,
  crowd: number[],
): Promise<void> {
  const [standard, vip] = demo.sold ?? [0, 0];
  if (standard + vip === 0) return;
  const sales: Sale[] = [
    ...Array.from({ length: standard }, () => ({ type: 'STANDARD' as const, price: demo.prices[0] })),
    ...Array.from({ length: vip }, () => ({ type: 'VIP' as const, price: demo.prices[1] })),
  ];
  // Orders: the demo accounts' first, then the crowd in orders of up to four tickets.
  const orderList: { userId: number; items: Sale[] }[] = [];
  for (const [email, count] of Object.entries(demo.fans ?? {})) {
    const userId = fanIds.get(email);
    if (userId) orderList.push({ userId, items: sales.splice(0, count) });
  }
  for (let i = 0; sales.length > 0; i++) {
    orderList.push({ userId: crowd[i % crowd.length]!, items: sales.splice(0, 1 + (i % 4)) });
  }
  let n = 0;
  for (const { userId, items } of orderList) {
    await insertIssuedOrder(app.db, {
      userId,
      eventId,
      tickets: items.map((t) => {
        n++;
        return {
          ticketType: t.type,
          firstName: FIRST_NAMES[n % FIRST_NAMES.length]!,
          lastName: LAST_NAMES[n % LAST_NAMES.length]!,
          dateOfBirth: `199${n % 10}-0${(n % 9) + 1}-1${n % 10}`,
          pricePence: t.price,
        };
      }),
    });
  }
  await app.db
    .update(events)
    .set({ soldStandard: sql`${events.soldStandard} + ${standard}`, soldVip: sql`${events.soldVip} + ${vip}` })
    .where(eq(events.id, eventId));
}

/**
 * A demo event's STANDARD releases: the tickets already sold are the first release's. The event's
 * total becomes the releases' quantities, as the releases editor leaves it.
 */
async function seedReleases(app: FastifyInstance, eventId: number, list: NonNullable<DemoEvent['releases']>) {
  const rows = await app.db
    .insert(ticketReleases)
    .values(
      list.map((r, i) => ({
        eventId,
        ticketType: 'STANDARD' as const,
        position: i + 1,
        name: r.name,
        pricePence: r.price,
        quantity: r.quantity,
        unlockCode: r.unlockCode ?? null,
      })),
    )
    .returning({ id: ticketReleases.id });
  const first = rows[0]!.id;
  const sold = await app.db
    .update(tickets)
    .set({ releaseId: first })
    .where(and(eq(tickets.eventId, eventId), eq(tickets.ticketType, 'STANDARD')))
    .returning({ id: tickets.id });
  await app.db.update(ticketReleases).set({ sold: sold.length }).where(eq(ticketReleases.id, first));
  await app.db
    .update(events)
    .set({ hasReleases: true, totalStandard: list.reduce((sum, r) => sum + r.quantity, 0) })
    .where(eq(events.id, eventId));
}

export const eventsDemoSeed: DemoSeed = {
  order: 20,
  async seed(app): Promise<string[]> {
    const timeZone = app.config.timezone;
    const people = await app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['fan@fourfour.local', 'member@fourfour.local', 'admin@fourfour.local']));
    const idOf = new Map(people.map((p) => [p.email ?? '', p.id]));
    const crowd = await createCrowd(app);

    for (const demo of DEMO_EVENTS) {
      const art = await renderDefaultArtwork(demo.title);
      const stored = await app.storage.put(DEFAULT_ARTWORK_FOLDER, art, 'image/webp', 'webp');
      const { startsAt, endsAt } = scheduleOf(demo.when, timeZone);
      const [row] = await app.db
        .insert(events)
        .values({
          title: demo.title,
          description: demo.description,
          location: demo.location,
          startsAt,
          endsAt,
          imageKey: stored.key,
          status: demo.status,
          cancelled: demo.cancelled ?? false,
          cancelledAt: demo.cancelled ? new Date() : null,
          totalStandard: demo.totals[0],
          totalVip: demo.totals[1],
          standardPricePence: demo.prices[0],
          vipPricePence: demo.prices[1],
          organiserName: demo.organiser?.name ?? null,
          organiserContact: demo.organiser?.contact ?? null,
          createdBy: idOf.get('admin@fourfour.local') ?? null,
          updatedBy: idOf.get('admin@fourfour.local') ?? null,
        })
        .returning({ id: events.id });
      await seedSales(app, row!.id, demo, idOf, crowd);
      if (demo.releases) await seedReleases(app, row!.id, demo.releases);
    }
    return [
      `Demo events: ${DEMO_EVENTS.length} (upcoming, nearly sold out, sold out, coming soon, closing, cancelled, past).`,
    ];
  },
};
