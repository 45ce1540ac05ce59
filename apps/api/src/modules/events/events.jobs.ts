/** Queue names of the events module (handlers in index.ts). */
export const EVENT_JOBS = {
  /** { eventId }: emits the domain event `event.cancelled` to every reaction; retried until all succeed. */
  cancelled: 'event.cancelled',
} as const;
