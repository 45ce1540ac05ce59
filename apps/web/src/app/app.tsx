import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { restoreSession } from '../lib/auth-session.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);

  useEffect(() => {
    registerNavigator(({ to, state, replace }) => void router.navigate(to, { state, replace }));
    void restoreSession();
    return () => registerNavigator(null);
  }, [router]);

  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
