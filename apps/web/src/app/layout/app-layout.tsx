import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { PageErrorBoundary } from '../route-error-page.tsx';
import { SessionKeeper } from '../session-keeper.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './layout.module.css';

/** Landmarks (header, nav, main, footer), a skip link, and focus moved to the page on navigation. */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // After a client-side navigation, start screen readers and keyboards at the new page, at its
    // top (the browser restores the position itself on back/forward).
    mainRef.current?.focus({ preventScroll: true });
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <Header />
      <main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <SessionKeeper />
    </div>
  );
}
