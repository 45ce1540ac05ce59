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

/** What a multipart route reads: its file parts, and the limit of a JSON part sent as a file. */
export interface MultipartRules {
  /** The file parts, each with its own size limit (413 with the route's message). */
  files?: Record<string, FileRule>;
  /** A JSON part's own limit when it arrives as a file part (else the field limit). */
  json?: Record<string, FileRule>;
}

/** The largest text field (busboy's default, set here so a JSON file part has the same limit). */
export const FIELD_MAX_BYTES = 1024 * 1024;

const isJsonType = (mimetype: string) => /^application\/json\s*(;|$)/i.test(mimetype);

/**
 * The one multipart reader of every multipart route. Reads the request whole: text fields
 * (repeatable) and the named file parts, each with its own size limit (413 with the route's
 * message). A part whose type is application/json is a field however it is sent: as a text field
 * or as a file part (a Blob of type application/json, as browsers and many HTTP clients send it),
 * size-limited like a field. Its value is the JSON's text, or the string when the JSON is one (as
 * @fastify/multipart decodes a JSON-typed text field). Other unknown file parts are refused.
 */
export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send this form as multipart/form-data.');
  const files = rules.files ?? {};
  const body: MultipartBody = { fields: {}, files: {} };
  const addField = (name: string, value: string) => {
    const list = body.fields[name] ?? [];
    list.push(value);
    body.fields[name] = list;
  };
  const largest = Math.max(
    FIELD_MAX_BYTES,
    ...Object.values(files).map((r) => r.maxBytes),
    ...Object.values(rules.json ?? {}).map((r) => r.maxBytes),
  );
  for await (const part of request.parts({ limits: { fileSize: largest + 1, fieldSize: FIELD_MAX_BYTES } })) {
    if (part.type === 'field') {
      // A field sent with Content-Type application/json arrives already parsed: keep it as text.
      addField(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      continue;
    }
    const fileRule = files[part.fieldname];
    const asJson = !fileRule && isJsonType(part.mimetype);
    const rule =
      fileRule ??
      (asJson
        ? (rules.json?.[part.fieldname] ?? {
            maxBytes: FIELD_MAX_BYTES,
            tooLargeMessage: `The "${part.fieldname}" part is too large.`,
          })
        : undefined);
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
    const data = Buffer.concat(chunks);
    if (asJson) addField(part.fieldname, jsonFileText(part.fieldname, data));
    else body.files[part.fieldname] = { data, filename: part.filename, mimetype: part.mimetype };
  }
  return body;
}

/** A JSON file part as field text: the string when the JSON is one, else the JSON itself. */
function jsonFileText(name: string, data: Buffer): string {
  const text = data.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(`The "${name}" part is not valid JSON.`);
  }
  return typeof value === 'string' ? value : text;
}

/** A multipart JSON part (events' and the Top 5's `data`), sent as a field or as a file part. */
export function jsonField(body: MultipartBody, name = 'data'): unknown {
  const raw = body.fields[name]?.[0];
  if (raw === undefined) throw badRequest(`The "${name}" part is missing.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The "${name}" part is not valid JSON.`);
  }
}
