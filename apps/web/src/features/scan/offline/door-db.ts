import type { DoorPack, DoorPackEvent, DoorPackTicket, DoorSyncScanResult } from '@fourfour/shared/door';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { DOOR_PACKS_DB } from '../../../lib/door-staff.ts';

/**
 * What the door phone keeps in IndexedDB (issue 22), in two databases:
 * - the door lists (DOOR_PACKS_DB): one header per event (version, key, when fetched) and its
 *   tickets. Signing out deletes it (attendee first names stay on the phone only while signed in).
 * - the offline queue: every admission made with no signal, with its nonce, until the server has
 *   answered it; then kept a day with the answer (what the phone shows as synced or conflicting).
 *   Signing out keeps it, so nothing admitted is lost: the next sign-in on this phone sends it.
 */

export interface StoredPack {
  eventId: number;
  event: DoorPackEvent;
  version: string;
  publicKey: string;
  /** When the list was last brought up to date (epoch ms). */
  fetchedAt: number;
  ticketCount: number;
}

export type StoredTicket = DoorPackTicket & { eventId: number };

interface PacksDb extends DBSchema {
  packs: { key: number; value: StoredPack };
  tickets: { key: [number, string]; value: StoredTicket; indexes: { byEvent: number } };
}

export interface QueuedScan {
  nonce: string;
  qrCodeValue: string;
  scannedAt: string;
  deviceId: string;
  eventId: number;
  ticketId: string;
  name: string | null;
  state: 'pending' | 'synced';
  result?: DoorSyncScanResult;
  syncedAt?: number;
}

interface QueueDb extends DBSchema {
  scans: { key: string; value: QueuedScan; indexes: { byState: string } };
}

const QUEUE_DB = 'fourfour-door-queue';
/** Synced scans are kept this long, to show their answers (conflicts) and to refuse a repeat. */
const SYNCED_KEPT_MS = 24 * 3_600_000;

/** Every ticket of an event: keys are [eventId, ticketId], and any ticket id sorts below []. */
const eventTickets = (eventId: number) => IDBKeyRange.bound([eventId, ''], [eventId, []]);

let packsDb: Promise<IDBPDatabase<PacksDb>> | null = null;
let queueDb: Promise<IDBPDatabase<QueueDb>> | null = null;

function openPacks() {
  packsDb ??= openDB<PacksDb>(DOOR_PACKS_DB, 1, {
    upgrade(db) {
      db.createObjectStore('packs', { keyPath: 'eventId' });
      const tickets = db.createObjectStore('tickets', { keyPath: ['eventId', 'id'] });
      tickets.createIndex('byEvent', 'eventId');
    },
    // Signing out deletes the database (lib/door-staff.ts): let that go through, reopen next time.
    blocking() {
      void packsDb?.then((db) => db.close());
      packsDb = null;
    },
    terminated() {
      packsDb = null;
    },
  });
  return packsDb;
}

function openQueue() {
  queueDb ??= openDB<QueueDb>(QUEUE_DB, 1, {
    upgrade(db) {
      const scans = db.createObjectStore('scans', { keyPath: 'nonce' });
      scans.createIndex('byState', 'state');
    },
    terminated() {
      queueDb = null;
    },
  });
  return queueDb;
}

/** Stores a downloaded pack: a full one replaces the event's list, a delta updates it. */
export async function savePack(pack: DoorPack): Promise<StoredPack> {
  const db = await openPacks();
  const tx = db.transaction(['packs', 'tickets'], 'readwrite');
  const tickets = tx.objectStore('tickets');
  const eventId = pack.event.id;
  // Requests queued together, awaited once: a 2,000-ticket list is one pass, not 2,000 round trips.
  const writes: Promise<unknown>[] = [];
  if (pack.full) writes.push(tickets.delete(eventTickets(eventId)));
  for (const ticket of pack.tickets) writes.push(tickets.put({ ...ticket, eventId }));
  await Promise.all(writes);
  const ticketCount = await tickets.index('byEvent').count(eventId);
  const stored: StoredPack = {
    eventId,
    event: pack.event,
    version: pack.version,
    publicKey: pack.publicKey,
    fetchedAt: Date.now(),
    ticketCount,
  };
  await tx.objectStore('packs').put(stored);
  await tx.done;
  return stored;
}

export async function loadPacks(): Promise<{ pack: StoredPack; tickets: StoredTicket[] }[]> {
  const db = await openPacks();
  const packs = await db.getAll('packs');
  return Promise.all(
    packs.map(async (pack) => ({ pack, tickets: await db.getAllFromIndex('tickets', 'byEvent', pack.eventId) })),
  );
}

export async function removePack(eventId: number): Promise<void> {
  const db = await openPacks();
  const tx = db.transaction(['packs', 'tickets'], 'readwrite');
  await Promise.all([
    tx.objectStore('tickets').delete(eventTickets(eventId)),
    tx.objectStore('packs').delete(eventId),
    tx.done,
  ]);
}

/** An admission made online, written into the list at once (the next refresh would bring it too). */
export async function markAdmitted(eventId: number, ticketId: string, admittedAt: string, by: string | null) {
  const db = await openPacks();
  const ticket = await db.get('tickets', [eventId, ticketId]);
  if (ticket) await db.put('tickets', { ...ticket, status: 'USED', admittedAt, admittedBy: by });
}

export async function enqueueScan(scan: QueuedScan): Promise<void> {
  await (await openQueue()).put('scans', scan);
}

export async function queuedScans(): Promise<QueuedScan[]> {
  const db = await openQueue();
  const all = await db.getAll('scans');
  const expired = all.filter((s) => s.state === 'synced' && Date.now() - (s.syncedAt ?? 0) > SYNCED_KEPT_MS);
  if (expired.length > 0) {
    const tx = db.transaction('scans', 'readwrite');
    for (const s of expired) await tx.store.delete(s.nonce);
    await tx.done;
  }
  return all.filter((s) => !expired.includes(s)).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

/** Records the server's answers; a scan is marked synced only once its answer arrived. */
export async function markSynced(results: DoorSyncScanResult[]): Promise<void> {
  const db = await openQueue();
  const tx = db.transaction('scans', 'readwrite');
  for (const result of results) {
    const scan = await tx.store.get(result.nonce);
    if (scan) await tx.store.put({ ...scan, state: 'synced', result, syncedAt: Date.now() });
  }
  await tx.done;
}
