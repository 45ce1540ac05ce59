import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CONTENT_MESSAGES,
  contactLineFor,
  type PublicRosterEntry,
  type RosterCategory,
  type RosterEntry,
  type RosterEntryInput,
} from '@fourfour/shared/content';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { rosterEntries } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { releaseStoredImages } from './uploads.service.ts';

const columns = {
  id: rosterEntries.id,
  name: rosterEntries.name,
  imageUrl: rosterEntries.imageUrl,
  blurb: rosterEntries.blurb,
  active: rosterEntries.active,
  category: rosterEntries.category,
  sortOrder: rosterEntries.sortOrder,
};

/** One category, ordered by sortOrder then name; the public view has active entries only. */
export async function listRoster(
  db: DbOrTx,
  options: { category: RosterCategory; activeOnly: boolean },
): Promise<RosterEntry[]> {
  const rows = await db
    .select(columns)
    .from(rosterEntries)
    .where(
      and(
        eq(rosterEntries.category, options.category),
        options.activeOnly ? eq(rosterEntries.active, true) : undefined,
      ),
    )
    .orderBy(asc(rosterEntries.sortOrder), asc(rosterEntries.name), asc(rosterEntries.id));
  return rows.map((r) => ({ ...r, category: r.category as RosterCategory }));
}

/** What fans see: active entries, each with the standard contact line unless its bio names management. */
export async function listPublicRoster(db: DbOrTx, category: RosterCategory): Promise<PublicRosterEntry[]> {
  const rows = await listRoster(db, { category, activeOnly: true });
  return rows.map((r) => ({ ...r, contactLine: contactLineFor(r.blurb) }));
}

export async function createRosterEntry(db: DbOrTx, input: z.output<typeof RosterEntryInput>): Promise<RosterEntry> {
  const [row] = await db.insert(rosterEntries).values(input).returning(columns);
  if (!row) throw new Error('roster insert returned no row');
  return { ...row, category: row.category as RosterCategory };
}

export async function deleteRosterEntry(app: FastifyInstance, id: number): Promise<void> {
  const [row] = await app.db
    .delete(rosterEntries)
    .where(eq(rosterEntries.id, id))
    .returning({ imageUrl: rosterEntries.imageUrl });
  if (!row) throw notFound(CONTENT_MESSAGES.rosterNotFound);
  await releaseStoredImages(app, [row.imageUrl]);
}
