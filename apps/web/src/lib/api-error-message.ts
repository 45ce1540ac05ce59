/**
 * Turns a failed call into the message a person reads, by the rules of the spec's error
 * catalogue (spec 01 §8): the body if it is text, else its `message`, else its `error`, else the
 * joined `errors` list (each `defaultMessage` or `message`), else "Request failed (status).".
 * No response at all reads "Network error. Please try again.".
 */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

export interface FailedReply {
  /** HTTP status; null when no response arrived. */
  status: number | null;
  /** The parsed JSON body, the text body, or undefined when there was none. */
  body?: unknown;
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function messageOfListItem(item: unknown): string | null {
  if (typeof item === 'string') return nonBlank(item);
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    return nonBlank(record.defaultMessage) ?? nonBlank(record.message);
  }
  return null;
}

/** The server's own words from a body, or null when the body carries none. */
export function messageFromBody(body: unknown): string | null {
  const text = nonBlank(body);
  if (text) return text;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const direct = nonBlank(record.message) ?? nonBlank(record.error);
  if (direct) return direct;
  if (Array.isArray(record.errors)) {
    const parts = record.errors.map(messageOfListItem).filter((part): part is string => !!part);
    if (parts.length > 0) return parts.join(' ');
  }
  return null;
}

export function extractErrorMessage(reply: FailedReply): string {
  if (reply.status === null) return NETWORK_ERROR_MESSAGE;
  return messageFromBody(reply.body) ?? `Request failed (${reply.status}).`;
}
