import { pgEnum } from 'drizzle-orm/pg-core';
import {
  EVENT_STATUSES,
  ROLES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  TICKET_STATUSES,
  TICKET_TYPES,
  VERIFICATION_STATUSES,
} from '@fourfour/shared/enums';

export const roleEnum = pgEnum('role', ROLES);
export const tierEnum = pgEnum('subscription_tier', SUBSCRIPTION_TIERS);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const verificationStatusEnum = pgEnum('verification_status', VERIFICATION_STATUSES);
export const eventStatusEnum = pgEnum('event_status', EVENT_STATUSES);
export const ticketTypeEnum = pgEnum('ticket_type', TICKET_TYPES);
export const ticketStatusEnum = pgEnum('ticket_status', TICKET_STATUSES);
