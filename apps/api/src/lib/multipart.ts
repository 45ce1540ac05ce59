import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

export interface FileRule {
  maxBytes: number;
  /** The 413 message when the file is larger, e.g. 'Image is too large (max 8MB).' */
  tooLargeMessage: string;
}

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

export interface MultipartBody {
  fields: Record<string, string[]>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a multipart request whole: text fields (repeatable) and the named file parts, each with its
 * own size limit (413 with the route's message). Unknown file parts are refused.
 */
export async function readMultipart(request: FastifyRequest, rules: Record<string, FileRule>): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send this form as multipart/form-data.');
  const body: MultipartBody = { fields: {}, files: {} };
  const largest = Math.max(1, ...Object.values(rules).map((r) => r.maxBytes));
  for await (const part of request.parts({ limits: { fileSize: largest + 1 } })) {
    if (part.type === 'field') {
      const list = body.fields[part.fieldname] ?? [];
      // A field sent with Content-Type application/json arrives already parsed: keep it as text.
      list.push(typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      body.fields[part.fieldname] = list;
      continue;
    }
    const rule = rules[part.fieldname];
    if (!rule) {
      part.file.resume();
      throw badRequest(`Unexpected file field "${part.fieldname}".`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of part.file) {
        size += chunk.length;
        if (size > rule.maxBytes) {
          part.file.resume();
          throw new AppError('PAYLOAD_TOO_LARGE', 413, rule.tooLargeMessage);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, rule.tooLargeMessage);
      }
      throw err;
    }
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 413, rule.tooLargeMessage);
    if (size === 0) continue;
    body.files[part.fieldname] = { data: Buffer.concat(chunks), filename: part.filename, mimetype: part.mimetype };
  }
  return body;
}

/** The multipart `data` part as JSON (events, Top 5). */
export function jsonField(body: MultipartBody, name = 'data'): unknown {
  const raw = body.fields[name]?.[0];
  if (raw === undefined) throw badRequest(`The "${name}" part is missing.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The "${name}" part is not valid JSON.`);
  }
}
