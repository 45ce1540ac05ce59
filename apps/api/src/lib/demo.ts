import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appMeta } from '../db/schema/index.ts';
import { countUsers } from '../modules/users/users.service.ts';

export interface DemoSeeder {
  name: string;
  /** Lower runs first: users before events before tickets. */
  order: number;
  seed(app: FastifyInstance): Promise<string[] | undefined>;
}

/** Each capability registers its own demo data here; seeded once, into an empty database only. */
const seeders: DemoSeeder[] = [];
export function registerDemoSeeder(seeder: DemoSeeder): void {
  if (!seeders.some((s) => s.name === seeder.name)) seeders.push(seeder);
}

export async function seedDemoData(app: FastifyInstance): Promise<string[] | null> {
  if ((await countUsers(app.db)) > 0) return null;
  // One instance wins the marker; the others see it and skip.
  const claimed = await app.db
    .insert(appMeta)
    .values({ key: 'demo-data', value: sql`jsonb_build_object('at', now())` })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return null;
  const lines: string[] = [];
  for (const seeder of [...seeders].sort((a, b) => a.order - b.order)) {
    const out = await seeder.seed(app);
    if (out) lines.push(...out);
  }
  return lines;
}
