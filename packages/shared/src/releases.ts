import { z } from 'zod';
import { PAID_TIERS, TICKET_TYPES } from './enums.ts';
import { PoundsPrice, PublicRelease } from './events.ts';
import { RELEASE_MESSAGES } from './release-messages.ts';
import { RELEASE_STATES } from './release-ladder.ts';

export * from './release-ladder.ts';
export * from './release-messages.ts';
export { PublicRelease };

export const MAX_RELEASES_PER_EVENT = 20;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** A day that is on the calendar: no 30th of February, no 13th month (Date.UTC would roll them over). */
function isRealDay(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}
const LocalDateTime = z.preprocess(
  blankToNull,
  z
    .string({ error: RELEASE_MESSAGES.datesInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:00)?$/, RELEASE_MESSAGES.datesInvalid)
    .refine(isRealDay, RELEASE_MESSAGES.datesInvalid)
    .nullish(),
);
/** Presale codes: compared case-insensitively (stored upper-cased). */
export const UnlockCode = z
  .string({ error: RELEASE_MESSAGES.codeFormat })
  .trim()
  .regex(/^[A-Za-z0-9-]{3,32}$/, RELEASE_MESSAGES.codeFormat)
  .transform((code) => code.toUpperCase());

/** One release in PUT /api/admin/events/{id}/releases; dates are local to APP_TIMEZONE. */
export const ReleaseInput = z.object({
  id: z.number().int().positive().optional(),
  ticketType: z.enum(TICKET_TYPES),
  name: z
    .string({ error: RELEASE_MESSAGES.nameRequired })
    .trim()
    .min(1, RELEASE_MESSAGES.nameRequired)
    .max(60, RELEASE_MESSAGES.nameRequired),
  // A release always costs something: free tickets are the members' allowance, on top of a price.
  price: PoundsPrice.refine((pounds) => pounds > 0, RELEASE_MESSAGES.priceRequired),
  quantity: z
    .number({ error: RELEASE_MESSAGES.quantityInvalid })
    .int(RELEASE_MESSAGES.quantityInvalid)
    .min(0, RELEASE_MESSAGES.quantityInvalid)
    .max(1_000_000, RELEASE_MESSAGES.quantityInvalid),
  salesStart: LocalDateTime,
  salesEnd: LocalDateTime,
  unlockCode: z.preprocess(blankToNull, UnlockCode.nullish()),
  membersOnlyTier: z.preprocess(blankToNull, z.enum(PAID_TIERS).nullish()),
});
export type ReleaseInput = z.infer<typeof ReleaseInput>;

/** The whole ladder of an event, both types, in order (each type's releases keep their order). */
export const ReleasesBody = z.object({
  releases: z.array(ReleaseInput).max(MAX_RELEASES_PER_EVENT, RELEASE_MESSAGES.tooMany),
});
export type ReleasesBody = z.infer<typeof ReleasesBody>;

const ReleaseStateSchema = z.enum(RELEASE_STATES);

/** A release as admins see it: its stock and its code. */
export const AdminRelease = z.object({
  id: z.number(),
  ticketType: z.enum(TICKET_TYPES),
  position: z.number(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  sold: z.number(),
  held: z.number(),
  left: z.number(),
  state: ReleaseStateSchema,
  /** YYYY-MM-DDTHH:MM:00 local to APP_TIMEZONE, as the editor shows them. */
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  unlockCode: z.string().nullable(),
  membersOnlyTier: z.enum(PAID_TIERS).nullable(),
});
export type AdminRelease = z.infer<typeof AdminRelease>;
export const AdminReleaseList = z.object({ releases: z.array(AdminRelease) });
export type AdminReleaseList = z.infer<typeof AdminReleaseList>;

/** GET /api/events/{id}/releases?unlockCode=: the public ladder plus what the code unlocks. */
export const UnlockedReleases = z.object({
  releases: z.array(PublicRelease),
  /** Ids of the releases the code unlocked (hidden from everyone without it). */
  unlocked: z.array(z.number()),
});
export type UnlockedReleases = z.infer<typeof UnlockedReleases>;
export const UnlockQuery = z.object({ unlockCode: z.string().trim().max(64).optional() });
