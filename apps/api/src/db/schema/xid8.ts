import { customType } from 'drizzle-orm/pg-core';

/**
 * A 64-bit transaction id (PostgreSQL xid8), as a decimal string: a row's change stamp, compared
 * with a version taken from an earlier snapshot (the door pack's, tickets.change_xid; a kept
 * export's, users.change_xid).
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
