import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_UPLOAD_MAX_BYTES } from '@fourfour/shared/constants';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { UPLOAD_MESSAGES, UploadResult } from '@fourfour/shared/content';
import { readMultipart } from '../../lib/multipart.ts';
import { uploadContentImage } from './uploads.service.ts';

const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/uploads',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Upload a portrait or team image (multipart: file, folder roster/djs | roster/influencers | team)',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResult },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, {
        files: { file: { maxBytes: ADMIN_UPLOAD_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.tooLarge } },
      });
      const result = await uploadContentImage(app, { file: body.files.file, folder: body.fields.folder?.[0] });
      return reply.status(201).send(result);
    },
  );
};
export default uploadsRoutes;
