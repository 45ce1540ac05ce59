import type { ComponentType } from 'react';
import { AccountFirstView } from '../features/account/account-first-view.tsx';
import { LoginFirstView } from '../features/auth/login-first-view.tsx';
import { EventsFirstView } from '../features/events/events-first-view.tsx';
import { PurchaseFirstView } from '../features/purchase/purchase-first-view.tsx';
import { ScanFirstView } from '../features/scan/scan-first-view.tsx';

/**
 * A route's first view (issue 19, the web on a phone): what its page shows before anything is known
 * (its heading and frame, no data), bundled with the shell. The app shows it while the session is
 * restored and the page's code loads, and the build renders the same tree into the route's HTML
 * (src/prerender.tsx), so the page's heading paints before any script has run and the app's first
 * render puts the same thing in the same place. Each page draws its top with the same components.
 * A route without one shows the loader, as before.
 */
export const FIRST_VIEWS: Readonly<Record<string, ComponentType>> = {
  '/login': LoginFirstView,
  '/events': EventsFirstView,
  '/purchase/:eventId': PurchaseFirstView,
  '/account': AccountFirstView,
  '/ticket/scan': ScanFirstView,
};
