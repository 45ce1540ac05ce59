import { z } from 'zod';

/** The body of every error answer (DESIGN.md): field errors only where a field is at fault. */
export const ApiErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

/** The answer while the database cannot be reached (503 SERVICE_UNAVAILABLE); the client may try again. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
