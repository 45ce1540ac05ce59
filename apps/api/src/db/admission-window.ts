import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ADMISSION_OPENS_HOURS_BEFORE } from '@fourfour/shared/constants';

/**
 * The admission window in SQL is the function admission_open (migration 0008), which the door's
 * scan_tickets calls, with the hours passed in from ADMISSION_OPENS_HOURS_BEFORE (SCAN_SQL). The
 * TypeScript form is isAdmissionOpen in packages/shared/src/admission-window.ts;
 * admission-window.test.ts runs both on the same random instants (the exact opening and closing
 * instants included) and fails when they disagree.
 */
export const admissionOpenSql = (startsAt: SQLWrapper, endsAt: SQLWrapper, at: SQLWrapper = sql`now()`): SQL<boolean> =>
  sql<boolean>`admission_open(${startsAt}, ${endsAt}, ${sql.raw(String(ADMISSION_OPENS_HOURS_BEFORE))}, ${at})`;
