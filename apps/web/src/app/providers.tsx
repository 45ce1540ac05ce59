import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { theme } from './theme.ts';

/**
 * Toasts appear only after an action, so their container loads once the page has finished loading
 * and the browser is idle. A toast raised before that waits in the notifications store and shows
 * when the container mounts.
 */
const Notifications = lazy(() => import('./notifications.tsx').then((m) => ({ default: m.Notifications })));

/**
 * Mantine (dark only: no ColorSchemeScript, which would be an inline script the CSP forbids),
 * TanStack Query and notifications. Cached data never outlives the session it was fetched for.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [isLoaded, setLoaded] = useState(false);

  useEffect(() => {
    let idle: number | undefined;
    const whenIdle = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setLoaded(true), { timeout: 2000 })
        : window.setTimeout(() => setLoaded(true), 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, []);

  useEffect(() => {
    let previousUser = getSession().user?.id ?? null;
    return subscribeSession(() => {
      const user = getSession().user?.id ?? null;
      if (previousUser !== null && user !== previousUser) queryClient.clear();
      previousUser = user;
    });
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        {isLoaded && (
          <Suspense fallback={null}>
            <Notifications position="top-right" zIndex={1000} />
          </Suspense>
        )}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
