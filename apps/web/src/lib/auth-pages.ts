/** The public auth pages: no scheduled refresh and no refresh-and-retry happens while on them. */
export const PUBLIC_AUTH_PATHS = ['/login', '/register', '/verify', '/forgot-password', '/reset-password'] as const;

export function isPublicAuthPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_AUTH_PATHS as readonly string[]).includes(path);
}

export function isOnPublicAuthPage(): boolean {
  return typeof window !== 'undefined' && isPublicAuthPath(window.location.pathname);
}
