/**
 * Lets code outside React components (the API client, session expiry) move to another route.
 * The app registers the router's navigate function at start-up; before that, or in tests, a
 * full page load is the fallback.
 */
export interface NavigateTarget {
  to: string;
  state?: unknown;
  replace?: boolean;
}

type Navigator = (target: NavigateTarget) => void;

let navigator: Navigator | null = null;

export function registerNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(target: NavigateTarget): void {
  if (navigator) navigator(target);
  else if (typeof window !== 'undefined') window.location.assign(target.to);
}

/** The path (with query and hash) the browser is on now, to come back to after logging in. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
