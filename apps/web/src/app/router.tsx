import { type ComponentType, lazy, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { AccessGuard } from './access-guard.tsx';
import { FIRST_VIEWS } from './first-views.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { APP_ROUTES, type AppRoute } from './route-table.ts';
import { NotFoundPage } from './route-error-page.tsx';

/**
 * The screens the route table marks 'first-load': bundled with the shell instead of loaded on
 * first visit (a static import cannot sit in the table, which tests read outside the browser).
 */
const FIRST_LOAD_SCREENS: Record<string, ComponentType> = { '/': HomePage };

/** Each route's screen, made once: lazy for a loader, the bundled one for 'first-load'. */
function screenOf(route: AppRoute): ComponentType | undefined {
  const page = route.page;
  if (page === undefined) return undefined;
  if (page === 'first-load') {
    const screen = FIRST_LOAD_SCREENS[route.path];
    if (!screen) throw new Error(`${route.path} is marked first-load but has no bundled screen`);
    return screen;
  }
  return lazy(() => page().then((Screen) => ({ default: Screen })));
}

const SCREENS = new Map(APP_ROUTES.map((route) => [route.path, screenOf(route)]));

/**
 * Starts loading the screen of the page being opened (its lazy chunk, and its public data when the
 * route table names some) at start-up, alongside the session restore, instead of after it: a
 * signed-in page would otherwise wait for the restore's two requests before even asking for its
 * code. The lazy screen then finds the module loaded. The data's small fetcher is asked for first:
 * behind the page's thirty-odd chunks, on a phone's few connections, its request left ~1 s later.
 */
export function preloadScreen(pathname: string): void {
  const route = APP_ROUTES.find((candidate) => matchPath(candidate.path, pathname));
  route?.prefetch?.().catch(() => {});
  if (route && typeof route.page === 'function') route.page().catch(() => {});
}

/**
 * The route tree, built from the route table: the layout around every screen, each behind its
 * access guard. Declarative routes (not the data router): the app loads data with TanStack
 * Query, and this keeps ~19 kB gzip of router code out of every first load (bench/web-size.ts).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {APP_ROUTES.map((route) => {
          const Screen = SCREENS.get(route.path);
          const FirstView = FIRST_VIEWS[route.path];
          // The route's first view stands in while the session is restored and while its code loads.
          const firstView = FirstView ? <FirstView /> : undefined;
          const page = Screen ? <Screen /> : <ComingSoon title={route.title} summary={route.summary} />;
          return (
            <Route
              key={route.path}
              path={route.path}
              element={
                <AccessGuard
                  access={route.access}
                  offline={route.offline}
                  opensWithToken={route.opensWithToken}
                  pending={firstView}
                >
                  {firstView ? <Suspense fallback={firstView}>{page}</Suspense> : page}
                </AccessGuard>
              }
            />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
