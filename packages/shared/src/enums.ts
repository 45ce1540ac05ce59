/** Enumerations shared by the API, the database schema and the web client. */
export const ROLES = ['USER', 'AFFILIATE', 'EVENT_WORKER', 'ADMIN', 'MASTER'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a MASTER may hand out; MASTER itself is never assignable. */
export const ASSIGNABLE_ROLES = ['USER', 'EVENT_WORKER', 'ADMIN', 'AFFILIATE'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const SUBSCRIPTION_TIERS = ['NONE', 'ENTRY', 'MIDDLE', 'HEADLINER'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
export const PAID_TIERS = ['ENTRY', 'MIDDLE', 'HEADLINER'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ['NONE', 'ACTIVE', 'CANCELLED', 'FAILED', 'ENDED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const VERIFICATION_STATUSES = ['NONE', 'PENDING', 'VERIFIED', 'UNDERAGE'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const EVENT_STATUSES = ['PLANNED', 'PUBLISHED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const TICKET_TYPES = ['STANDARD', 'VIP'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** VALID until scanned (USED); VOID when refunded or the event is cancelled. */
export const TICKET_STATUSES = ['VALID', 'USED', 'VOID'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'MASTER'];
export const SCANNER_ROLES: readonly Role[] = ['ADMIN', 'MASTER', 'EVENT_WORKER'];
export const AFFILIATE_ROLES: readonly Role[] = ['AFFILIATE', 'ADMIN', 'MASTER'];
