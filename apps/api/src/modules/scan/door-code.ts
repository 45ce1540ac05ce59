import { ticketIdRangeOf } from '@fourfour/shared/scan';
import type { RawSql } from '../../db/client.ts';

/**
 * The ticket a door code names (parseDoorCode's digits): one index range read on the primary key.
 * Null for none (or, never seen with 48 random bits, two).
 */
export async function ticketOfDoorCode(raw: RawSql, digits: string): Promise<string | null> {
  const { from, to } = ticketIdRangeOf(digits);
  const { rows } = await raw.query<{ id: string }>(
    'SELECT id FROM tickets WHERE id BETWEEN $1::uuid AND $2::uuid LIMIT 2',
    [from, to],
    'ticket_of_door_code',
  );
  return rows.length === 1 ? rows[0]!.id : null;
}
