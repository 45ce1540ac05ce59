import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { SessionKeeper } from '../session-keeper.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './layout.module.css';

/** Landmarks (header, nav, main, footer), a skip link, and focus moved to the page on navigation. */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // After a client-side navigation, start screen readers and keyboards at the new page.
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <Header />
      <main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
      <SessionKeeper />
    </div>
  );
}
