import { type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';

/**
 * Renders `children` (typically lazy) once the browser is idle after this place was first painted,
 * and `fallback` until then and while their code loads: what is below the fold, or behind a click,
 * then loads after what the first view needs instead of competing with it on a phone's connection.
 * The fallback should take the children's place (same height), so nothing moves when they arrive.
 */
export function WhenIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    const idle = () => setIdle(true);
    let handle: number | undefined;
    // From the next frame on: the idle time after it is past the paint that showed the fallback.
    const frame = window.requestAnimationFrame(() => {
      handle = window.requestIdleCallback
        ? window.requestIdleCallback(idle, { timeout: 2000 })
        : window.setTimeout(idle, 200);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (handle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(handle);
    };
  }, []);
  return isIdle ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/**
 * Renders `children` in a second, deferred render, after the one that mounted this place has been
 * committed: what is above it paints first (a page's headline, its largest paint on a phone) instead
 * of waiting for the whole page's render. Only below the headline, where nothing it shows moves.
 */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}
