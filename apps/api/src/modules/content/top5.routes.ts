import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TOP5_IMAGE_MAX_BYTES } from '@fourfour/shared/constants';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { TOP5_MESSAGES, TOP5_SIZE, Top5List, Top5Update } from '@fourfour/shared/content';
import { badRequest, type FieldError } from '../../lib/errors.ts';
import { type FileRule, jsonField, readMultipart } from '../../lib/multipart.ts';
import { listTop5, replaceTop5 } from './top5.service.ts';

const RANKS = Array.from({ length: TOP5_SIZE }, (_, i) => i + 1);
const IMAGE_RULES: Record<string, FileRule> = Object.fromEntries(
  RANKS.map((n) => [`image${n}`, { maxBytes: TOP5_IMAGE_MAX_BYTES, tooLargeMessage: TOP5_MESSAGES.imageTooLarge(n) }]),
);

const top5Routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/top5',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['content'], summary: 'The weekly Top 5, rank 1 first', response: { 200: Top5List } },
    },
    async () => listTop5(app.db),
  );

  app.put(
    '/admin/top5',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Replace the Top 5 (multipart: data = { songs: [...] } JSON, image1..image5 files)',
        consumes: ['multipart/form-data'],
        response: { 200: Top5List },
      },
    },
    async (request) => {
      const body = await readMultipart(request, { files: IMAGE_RULES });
      const parsed = Top5Update.safeParse(jsonField(body));
      if (!parsed.success) {
        const errors: FieldError[] = parsed.error.issues.map((i) => ({
          field: i.path.join('.') || 'data',
          message: i.message,
        }));
        throw badRequest(errors[0]?.message ?? TOP5_MESSAGES.ranks, errors);
      }
      const images = Object.fromEntries(
        RANKS.flatMap((n) => (body.files[`image${n}`] ? [[n, body.files[`image${n}`]!]] : [])),
      );
      return replaceTop5(app, { songs: parsed.data.songs, images, userId: request.user!.id });
    },
  );
};
export default top5Routes;
