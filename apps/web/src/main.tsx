// Mantine's global rules (reset, default variables, helper classes); each component's own rules come
// with the component (build/mantine-component-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { restoreSession } from './lib/auth-session.ts';
// After the app's imports, so it follows the first view's Mantine rules, as it follows Mantine's.
import './app/global.css';

// Both before the first render, so the requests leave as soon as the script has run: the session
// restore (App asks again; it is one shared promise) and the opened page's code.
void restoreSession();
preloadScreen(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that holds up input on a slow phone.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
