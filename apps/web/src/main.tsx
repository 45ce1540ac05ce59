// Mantine's global rules (reset, default variables, helper classes); each component's own rules come
// with the component (build/mantine-component-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import type { EventSummary } from '@fourfour/shared/events';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { EmbeddedEventsContext, embeddedEvents, provideEventGrid } from './lib/embedded-events.ts';
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
// the browser between them, instead of one long task that holds up input on a slow phone. A page
// that carries the events list first gets the cards' code (its HTML preloads it), so the app's first
// render shows the cards the HTML shows, not the loading ones (lib/embedded-events.ts).
const root = createRoot(container);
const embedded = embeddedEvents() as EventSummary[] | null;
const cardsReady = embedded
  ? import('./features/events/event-grid.tsx').then((m) => provideEventGrid(m.EventGrid)).catch(() => {})
  : Promise.resolve();
void cardsReady.then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <EmbeddedEventsContext value={embedded}>
          <App />
        </EmbeddedEventsContext>
      </StrictMode>,
    );
  }),
);
