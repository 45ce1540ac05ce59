import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MP3_MAX_BYTES } from '@fourfour/shared/constants';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import {
  SUBMISSION_MESSAGES,
  SongSubmissionFields,
  SongSubmissionReceipt,
  SongSubmissionSummary,
  SubmissionsPage,
  SubmissionsQuery,
} from '@fourfour/shared/content';
import { badRequest, type FieldError } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { listSubmissions, openSubmissionFile, setSubmissionReviewed, submitSong } from './submissions.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** Song submissions to the A&R team (any signed-in user) and the admins' Submissions inbox. */
const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/submissions/song',
    {
      // Per IP and per account: the confirmation mail goes to the account's own address.
      config: { access: 'signed-in', rateLimit: { max: 10, timeWindow: '1 hour' } },
      preHandler: app.limitPer('song-submission-account', { max: 5, timeWindow: '1 hour' }, perAccount),
      schema: {
        tags: ['submissions'],
        summary: 'Submit a song (multipart: text fields, interests repeated, mp3)',
        consumes: ['multipart/form-data'],
        response: { 201: SongSubmissionReceipt },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, {
        files: { mp3: { maxBytes: MP3_MAX_BYTES, tooLargeMessage: SUBMISSION_MESSAGES.tooLarge } },
      });
      const one = (name: string) => body.fields[name]?.[0];
      const parsed = SongSubmissionFields.safeParse({
        firstName: one('firstName') ?? '',
        lastName: one('lastName') ?? '',
        email: one('email') ?? '',
        phone: one('phone'),
        link: one('link'),
        birthDate: one('birthDate') ?? '',
        interests: body.fields.interests ?? [],
      });
      const errors: FieldError[] = parsed.success
        ? []
        : parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
      const file = body.files.mp3;
      if (!file) errors.push({ field: 'mp3', message: SUBMISSION_MESSAGES.fileRequired });
      if (!parsed.success || !file) throw badRequest(errors[0]?.message ?? SUBMISSION_MESSAGES.failure, errors);
      const { id } = await submitSong(app, { fields: parsed.data, file, userId: request.user!.id });
      return reply.status(201).send({ id, message: SUBMISSION_MESSAGES.success });
    },
  );

  app.get(
    '/admin/submissions',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['submissions'],
        summary:
          'The Submissions inbox, newest first, paged by cursor (nextCursor → cursor); q searches names and email',
        querystring: SubmissionsQuery,
        response: { 200: SubmissionsPage },
      },
    },
    async (request) => listSubmissions(app.db, request.query),
  );

  app.patch(
    '/admin/submissions/:id',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['submissions'],
        summary: 'Mark a submission reviewed or not',
        params: IdParams,
        body: z.object({ reviewed: z.boolean() }),
        response: { 200: SongSubmissionSummary },
      },
    },
    async (request) => setSubmissionReviewed(app.db, request.params.id, request.body.reviewed, request.user!.id),
  );

  app.get(
    '/admin/submissions/:id/file',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['submissions'],
        summary: 'The submitted MP3 (ADMIN/MASTER only; ?download=1 for an attachment)',
        params: IdParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const file = await openSubmissionFile(app, request.params.id);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .type('audio/mpeg')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('content-length', file.size)
        .send(file.body);
    },
  );
};
export default submissionsRoutes;
