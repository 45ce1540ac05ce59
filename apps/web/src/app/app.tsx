import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { restoreSession } from '../lib/auth-session.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** Hands the router's navigate function to code outside components (API client, session expiry). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator(({ to, state, replace }) => void navigate(to, { state, replace }));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

export function App() {
  useEffect(() => {
    void restoreSession();
  }, []);

  return (
    <AppProviders>
      <BrowserRouter>
        <NavigatorBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
