import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONTENT_MESSAGES, type TeamMember, type TeamMemberInput } from '@fourfour/shared/content';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { releaseStoredImages } from './uploads.service.ts';

const columns = {
  id: teamMembers.id,
  name: teamMembers.name,
  title: teamMembers.title,
  imageUrl: teamMembers.imageUrl,
  blurb: teamMembers.blurb,
  active: teamMembers.active,
  sortOrder: teamMembers.sortOrder,
};

/** The team ordered by sortOrder then name; the public view has active members only. */
export async function listTeam(db: DbOrTx, options: { activeOnly: boolean }): Promise<TeamMember[]> {
  return db
    .select(columns)
    .from(teamMembers)
    .where(options.activeOnly ? eq(teamMembers.active, true) : undefined)
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.name), asc(teamMembers.id));
}

export async function createTeamMember(db: DbOrTx, input: z.output<typeof TeamMemberInput>): Promise<TeamMember> {
  const [row] = await db.insert(teamMembers).values(input).returning(columns);
  if (!row) throw new Error('team insert returned no row');
  return row;
}

export async function deleteTeamMember(app: FastifyInstance, id: number): Promise<void> {
  const [row] = await app.db
    .delete(teamMembers)
    .where(eq(teamMembers.id, id))
    .returning({ imageUrl: teamMembers.imageUrl });
  if (!row) throw notFound(CONTENT_MESSAGES.teamNotFound);
  await releaseStoredImages(app, [row.imageUrl]);
}
