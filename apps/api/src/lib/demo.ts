import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appMeta } from '../db/schema/index.ts';
import { countUsers } from '../modules/users/users.service.ts';

/**
 * Seeds the demo data of the app's modules (each module's `demoSeed`, lowest order first): once,
 * into an empty database only.
 */
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
  const seeds = app.modules.flatMap((m) => (m.demoSeed ? [m.demoSeed] : []));
  for (const seed of seeds.sort((a, b) => a.order - b.order)) {
    const out = await seed.seed(app);
    if (out) lines.push(...out);
  }
  return lines;
}
