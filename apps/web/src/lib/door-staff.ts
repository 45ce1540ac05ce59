import type { Role } from '@fourfour/shared/enums';

/**
 * The door phone's memory of who scans with it (issue 22), so the scanner opens with no signal.
 * Kept in localStorage (id, username and role: not a credential — the scanner admits offline only
 * against the door lists it downloaded while signed in, and sends nothing to the server until a
 * live session is restored). Signing out forgets it and deletes the downloaded door lists; the
 * queue of offline admissions not yet sent is kept, for the next sign-in on this phone to send.
 * Zod-free and tiny: the shell (the access guard, logout) reads it.
 */
export interface DoorStaff {
  id: number;
  username: string;
  role: Role;
}

const STORAGE_KEY = 'fourfour.door-staff';
/** The IndexedDB database of the downloaded door lists (features/scan/offline/door-db.ts). */
export const DOOR_PACKS_DB = 'fourfour-door-packs';

export function rememberDoorStaff(user: DoorStaff): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ id: user.id, username: user.username, role: user.role }));
  } catch {
    // Private mode or storage full: the scanner then needs the network to open.
  }
}

/** Who last scanned with this phone, or null; a damaged entry reads as none (the guard checks the role). */
export function rememberedDoorStaff(): DoorStaff | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as DoorStaff | null;
  } catch {
    return null;
  }
}

/** On sign-out: forget the door staff and delete the door lists (attendee names) from this phone. */
export function forgetDoorStaff(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
    indexedDB.deleteDatabase(DOOR_PACKS_DB);
  } catch {
    // Nothing stored.
  }
}
