import type { z } from 'zod';

/** The first message per field of a failed safeParse, keyed by the field's path ("confirmPassword"). */
export function fieldErrorsOf(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.join('.');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
