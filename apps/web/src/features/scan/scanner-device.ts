const STORAGE_KEY = 'fourfour.scanner-device';

/**
 * A random id for this phone, kept in localStorage (it is not a credential), sent with each scan
 * so the log says which device admitted a ticket ("door phone 3f9a…").
 */
export function scannerDeviceId(): string {
  try {
    let id = window.localStorage.getItem(STORAGE_KEY);
    if (!id) {
      id = `web-${crypto.randomUUID().slice(0, 8)}`;
      window.localStorage.setItem(STORAGE_KEY, id);
    }
    return id;
  } catch {
    return 'web-unknown';
  }
}

const NAME_KEY = 'fourfour.scanner-device-name';

/** The name door staff gave this phone ("Front door"), as the server last confirmed it. */
export function scannerDeviceName(): string | null {
  try {
    return window.localStorage.getItem(NAME_KEY);
  } catch {
    return null;
  }
}

export function rememberScannerDeviceName(name: string): void {
  try {
    window.localStorage.setItem(NAME_KEY, name);
  } catch {
    // Shown for this visit only.
  }
}
