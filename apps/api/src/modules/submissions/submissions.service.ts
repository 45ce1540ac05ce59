import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  SUBMISSION_INTEREST_LABELS,
  SUBMISSION_MESSAGES,
  SUBMISSION_SORT,
  type SongSubmissionFields,
  type SongSubmissionSummary,
  type SubmissionInterest,
  submissionFileUrl,
} from '@fourfour/shared/content';
import type { DbOrTx } from '../../db/client.ts';
import { songSubmissions, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { defineList, keysetPage } from '../../lib/paging.ts';
import { detectMime } from '../../lib/images.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { PRIVATE_FOLDER } from '../../plugins/storage.ts';

const SUBMISSIONS_FOLDER = `${PRIVATE_FOLDER}submissions`;

/**
 * An MP3 is told by its bytes: an ID3v2 tag followed by MPEG audio, or a bare MPEG frame sync
 * (file-type answers audio/mpeg for both). A renamed WAV or a text file called .mp3 is refused.
 */
export async function assertMp3(file: UploadedFile): Promise<void> {
  if ((await detectMime(file.data)) !== 'audio/mpeg') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, SUBMISSION_MESSAGES.notMp3);
  }
}

/** The uploader's file name, made safe to show and to offer as a download name. */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}|"/gu, '')
    .trim()
    .slice(0, 200);
  return base || 'submission.mp3';
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Form text in a mail header: control characters (line breaks included) become spaces. */
const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

/**
 * Stores the MP3 privately and the details in the database, and queues two emails in the same
 * transaction: the A&R team gets the details and links (form text quoted, the template escapes
 * it), the submitter a confirmation. The confirmation goes only to the signed-in account's own
 * verified address, never to the address typed in the form, and quotes nothing from the form:
 * otherwise anyone could have FourFour mail their text to any address.
 */
export async function submitSong(
  app: FastifyInstance,
  input: { fields: SongSubmissionFields; file: UploadedFile; userId: number },
): Promise<{ id: number }> {
  await assertMp3(input.file);
  const { fields, file } = input;
  const fileName = cleanFileName(file.filename);
  const stored = await app.storage.put(SUBMISSIONS_FOLDER, file.data, 'audio/mpeg', 'mp3');
  try {
    return await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(songSubmissions)
        .values({
          userId: input.userId,
          firstName: fields.firstName,
          lastName: fields.lastName,
          email: fields.email,
          phone: fields.phone ?? null,
          link: fields.link ?? null,
          birthDate: fields.birthDate,
          interests: [...new Set(fields.interests)],
          fileKey: stored.key,
          fileName,
          fileSize: stored.size,
        })
        .returning({ id: songSubmissions.id });
      if (!row) throw new Error('submission insert returned no row');
      const [account] = await tx
        .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, input.userId));
      const name = `${fields.firstName} ${fields.lastName}`;
      const interests = fields.interests.map((i: SubmissionInterest) => SUBMISSION_INTEREST_LABELS[i]).join(', ');
      const base = app.config.publicUrl.replace(/\/$/, '');
      await app.mail.send(
        app.config.arTeamEmail,
        {
          subject: `New song submission from ${oneLine(name)}`,
          heading: 'A new song for the A&R team',
          paragraphs: [
            `Name: ${name}`,
            `Email: ${fields.email}`,
            `Account: ${account?.email ?? '—'} (user ${input.userId})`,
            `Phone: ${fields.phone ?? '—'}`,
            `Birth date: ${fields.birthDate}`,
            `Link: ${fields.link ?? '—'}`,
            `Interests: ${interests || '—'}`,
            `File: ${fileName} (${formatSize(stored.size)})`,
            `Download (admins, signed in): ${base}${submissionFileUrl(row.id)}`,
          ],
          action: { label: 'Listen in the Submissions inbox', url: `${base}/admin/submissions?id=${row.id}` },
        },
        { tx },
      );
      if (account?.email && account.emailVerifiedAt) {
        await app.mail.send(
          account.email,
          {
            subject: 'We received your song',
            heading: 'Thanks for your song!',
            paragraphs: [
              'Your song went straight to our A&R team.',
              'They listen to every submission. If it is a fit, they will contact you with the details you gave.',
            ],
          },
          { tx },
        );
      }
      return { id: row.id };
    });
  } catch (err) {
    await app.storage.delete(stored.key).catch(() => {});
    throw err;
  }
}

const summaryColumns = {
  id: songSubmissions.id,
  firstName: songSubmissions.firstName,
  lastName: songSubmissions.lastName,
  email: songSubmissions.email,
  phone: songSubmissions.phone,
  link: songSubmissions.link,
  birthDate: songSubmissions.birthDate,
  interests: songSubmissions.interests,
  fileName: songSubmissions.fileName,
  fileSize: songSubmissions.fileSize,
  reviewed: songSubmissions.reviewed,
  createdAt: songSubmissions.createdAt,
  submittedBy: users.username,
};
const selectSummaries = <X extends Record<string, SQL>>(db: DbOrTx, extra = {} as X) =>
  db
    .select({ ...summaryColumns, ...extra })
    .from(songSubmissions)
    .leftJoin(users, eq(users.id, songSubmissions.userId))
    .$dynamic();
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const toSummary = (row: SummaryRow): SongSubmissionSummary => ({
  ...row,
  fileUrl: submissionFileUrl(row.id),
  createdAt: row.createdAt.toISOString(),
});

/** The inbox, newest first (id breaks ties within the same instant). */
const SUBMISSION_LIST = defineList({
  sort: SUBMISSION_SORT,
  keys: {
    createdAt: { sql: sql`${songSubmissions.createdAt}`, type: 'timestamptz' },
    lastName: { sql: sql`lower(${songSubmissions.lastName})`, type: 'text' },
    id: { sql: sql`${songSubmissions.id}`, type: 'bigint' },
  },
  tieBreaker: sql`${songSubmissions.id}`,
  search: {
    columns: [sql`${songSubmissions.firstName}`, sql`${songSubmissions.lastName}`, sql`${songSubmissions.email}`],
  },
});

export function listSubmissions(db: DbOrTx, query: { size: number; cursor?: string; sort?: string; q?: string }) {
  return keysetPage(
    SUBMISSION_LIST,
    {
      rows: (extra) => selectSummaries(db, extra),
      count: (n) => db.select({ n }).from(songSubmissions).$dynamic(),
    },
    { size: query.size, cursor: query.cursor, sort: query.sort, search: query.q },
    toSummary,
  );
}

export async function setSubmissionReviewed(db: DbOrTx, id: number, reviewed: boolean, adminId: number) {
  const [updated] = await db
    .update(songSubmissions)
    .set({ reviewed, reviewedBy: reviewed ? adminId : null })
    .where(eq(songSubmissions.id, id))
    .returning({ id: songSubmissions.id });
  if (!updated) throw notFound('Submission not found.');
  const [row] = await selectSummaries(db).where(eq(songSubmissions.id, id));
  if (!row) throw notFound('Submission not found.');
  return toSummary(row);
}

/** The stored MP3 of a submission, streamed from the disk or bucket, and the name to offer it under. */
export async function openSubmissionFile(app: FastifyInstance, id: number) {
  const [row] = await app.db
    .select({ fileKey: songSubmissions.fileKey, fileName: songSubmissions.fileName })
    .from(songSubmissions)
    .where(eq(songSubmissions.id, id));
  const file = row ? await app.storage.open(row.fileKey) : null;
  if (!row || !file) throw notFound('Submission not found.');
  return { body: file.body, size: file.size, fileName: row.fileName, etag: file.etag };
}
