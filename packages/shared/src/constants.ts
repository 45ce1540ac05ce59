/** Business constants and limits from the spec and DESIGN.md: one place for every number. */
export const PRODUCT_NAME = 'FourFour';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;
export const MINIMUM_AGE = 18;
export const VERIFICATION_CODE_LENGTH = 8;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 30;
export const VERIFY_REDIRECT_MS = 1500;
export const TOTP_DIGITS = 6;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 7;
/** A session (signed-in device) ends this long after its password sign-in, however often it refreshes. */
export const SESSION_MAX_AGE_DAYS = 30;
export const REFRESH_REUSE_GRACE_SECONDS = 10;
export const REFRESH_MARGIN_SECONDS = 60;
export const REFRESH_FLOOR_SECONDS = 5;
export const REFRESH_FALLBACK_SECONDS = 10 * 60;
export const RESET_TOKEN_TTL_MINUTES = 30;
/**
 * Password throttling, per (email or account, client address): the first failures cost nothing,
 * then each further failure doubles a wait from 1 second up to 15 minutes. An hour without a
 * failure starts the count again.
 */
export const THROTTLE_FREE_FAILURES = 3;
export const THROTTLE_MAX_WAIT_MINUTES = 15;
export const THROTTLE_QUIET_RESET_MINUTES = 60;
/** The per-email (per-account) ceiling against guessing from many addresses: the spec's lockout. */
export const LOCKOUT_MAX_FAILURES = 50;
export const LOCKOUT_WINDOW_MINUTES = 60;
export const LOCKOUT_DURATION_MINUTES = 15;

export const PURCHASE_CLOSES_HOURS_BEFORE = 2;
export const RESERVATION_HOLD_MINUTES = 30;
export const MAX_TICKETS_PER_ORDER = 10;
/** Tickets one account may hold and own for one event at once (live holds + issued, void excluded). */
export const MAX_TICKETS_PER_ACCOUNT_PER_EVENT = 10;
export const LAST_TICKETS_THRESHOLD = 10;
export const AFFILIATE_DISCOUNT_PERCENT = 10;
export const AFFILIATE_GOAL_TICKETS = 14;
export const AFFILIATE_COMMISSION_BASE_PERCENT = 10;
export const AFFILIATE_COMMISSION_GOAL_PERCENT = 20;
export const AFFILIATE_BONUS_PENCE = 200_00;
export const ADMISSION_OPENS_HOURS_BEFORE = 12;

/** Free STANDARD tickets per calendar year; null = unlimited. */
export const FREE_TICKETS_PER_YEAR = { NONE: 0, ENTRY: 4, MIDDLE: 9, HEADLINER: null } as const;
export const PLAN_PRICES_GBP = { ENTRY: 39.99, MIDDLE: 59.99, HEADLINER: 149.99 } as const;

export const MB = 1024 * 1024;
export const CREATE_EVENT_IMAGE_MAX_BYTES = 8 * MB;
export const EDIT_EVENT_IMAGE_MAX_BYTES = 20 * MB;
export const TOP5_IMAGE_MAX_BYTES = 8 * MB;
export const ADMIN_UPLOAD_MAX_BYTES = 6 * MB;
export const MP3_MAX_BYTES = 20 * MB;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;
export const SORT_ORDER_DEFAULT = 1000;
/** A fan may change an attendee's name on their own ticket until this long before the start (issue 21). */
export const ATTENDEE_CHANGE_CLOSES_HOURS_BEFORE = 24;
