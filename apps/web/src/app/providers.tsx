import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { theme } from './theme.ts';

/**
 * Toasts appear only after an action (a role change, on the master's pages), so their container and
 * its styles load when the first toast is raised, never with a page's first load: the toast waits in
 * the notifications store (a few hundred bytes in the entry) and shows when the container mounts.
 */
const Notifications = lazy(() => import('./notifications.tsx').then((m) => ({ default: m.Notifications })));

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/**
 * Mantine (dark only: no ColorSchemeScript, which would be an inline script the CSP forbids),
 * TanStack Query and notifications. Cached data never outlives the session it was fetched for.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [isToastShown, setToastShown] = useState(hasToasts);

  useEffect(() => {
    if (isToastShown) return;
    return notificationsStore.subscribe(() => {
      if (hasToasts()) setToastShown(true);
    });
  }, [isToastShown]);

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
        {isToastShown && (
          <Suspense fallback={null}>
            <Notifications position="top-right" zIndex={1000} />
          </Suspense>
        )}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
