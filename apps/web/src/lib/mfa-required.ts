import { useSyncExternalStore } from 'react';

/**
 * The page (path) where the server last answered 403 MFA_REQUIRED: an admin route refused because
 * the account must turn on two-factor sign-in first (REQUIRE_MFA_ROLES). The admin page at that
 * path shows the notice with a link to the account page's setup instead of its content; moving to
 * any other page forgets it, so coming back after turning two-factor on tries again.
 */
let raisedAt: string | null = null;
const listeners = new Set<() => void>();

function publish(next: string | null): void {
  if (raisedAt === next) return;
  raisedAt = next;
  for (const listener of listeners) listener();
}

export function markMfaRequired(pathname: string): void {
  publish(pathname);
}

/** Forgets the refusal unless it was raised on this page. */
export function forgetMfaRequiredElsewhere(pathname: string): void {
  if (raisedAt !== null && raisedAt !== pathname) publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True when the server refused this page's admin calls for want of two-factor sign-in. */
export function useMfaRequiredAt(pathname: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => raisedAt === pathname,
    () => false,
  );
}
