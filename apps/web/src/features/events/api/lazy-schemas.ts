/**
 * The events feature's answer schemas, loaded on demand: the events page is in the first load,
 * which stays zod-free (bench/web-size.ts), so the client loads them while the request is in flight.
 * One import site, so the built page carries one list of the chunk's dependencies.
 */
export const eventSchemas = () => import('@fourfour/shared/events');
