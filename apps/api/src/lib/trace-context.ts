/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): version 00, a 32-hex trace id and a
 * 16-hex parent id (neither all zeros), 2-hex flags, lower case only. Anything else is ignored,
 * as the specification asks, so a forged header cannot put arbitrary text in the logs.
 */
const TRACEPARENT = /^00-(?!0{32})([0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The trace id of a valid traceparent header, else null. */
export function traceIdOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' ? (TRACEPARENT.exec(header)?.[1] ?? null) : null;
}
