import type { DoorDeviceName } from '@fourfour/shared/door';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scanDevices } from '../../db/schema/index.ts';

/**
 * Door phones: the name door staff give one ("Front door"), and when it was last heard from at
 * which event's door, by whom. Pack downloads and syncs are the heartbeat (about once a minute per
 * phone); the scan route itself writes nothing here, so a busy door pays nothing for it.
 */

export async function recordDoorDevice(
  app: FastifyInstance,
  eventIds: readonly number[],
  deviceId: string,
  userId: number,
): Promise<void> {
  const ids = [...new Set(eventIds)];
  await app.db.execute(sql`
    WITH device AS (
      INSERT INTO scan_devices (id) VALUES (${deviceId})
      ON CONFLICT (id) DO UPDATE SET last_seen_at = now()
    )
    INSERT INTO door_devices (event_id, device_id, user_id)
    SELECT e, ${deviceId}, ${userId} FROM unnest(${`{${ids.join(',')}}`}::bigint[]) AS e
    ON CONFLICT (event_id, device_id, user_id) DO UPDATE SET last_seen_at = now()`);
}

export async function deviceNameOf(app: FastifyInstance, deviceId: string): Promise<string | null> {
  const [row] = await app.db
    .select({ name: scanDevices.name })
    .from(scanDevices)
    .where(sql`${scanDevices.id} = ${deviceId}`);
  return row?.name ?? null;
}

/** Names this phone (once; naming it again renames it everywhere, logs included). */
export async function nameDevice(
  app: FastifyInstance,
  deviceId: string,
  name: string,
  userId: number,
): Promise<DoorDeviceName> {
  await app.db
    .insert(scanDevices)
    .values({ id: deviceId, name, namedBy: userId, namedAt: new Date() })
    .onConflictDoUpdate({
      target: scanDevices.id,
      set: { name, namedBy: userId, namedAt: new Date(), lastSeenAt: new Date() },
    });
  return { deviceId, name };
}
