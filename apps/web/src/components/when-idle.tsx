import { type ReactNode, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` (typically lazy) once the browser is idle after this place was first painted,
 * and `fallback` until then and while their code loads: what is below the fold, or behind a click,
 * then loads after what the first view needs instead of competing with it on a phone's connection.
 * The fallback should take the children's place (same height), so nothing moves when they arrive.
 */
export function WhenIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => onIdleAfterPaint(() => setIdle(true)), []);
  return isIdle ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/**
 * Calls `idle` once the browser is idle after the next paint (at most 2 s later; 200 ms later where
 * there is no requestIdleCallback), and answers the function that cancels it (an effect's cleanup).
 * From the next frame on: the idle time after it is past the paint that showed what is there now.
 */
function onIdleAfterPaint(idle: () => void): () => void {
  let handle: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    handle = window.requestIdleCallback
      ? window.requestIdleCallback(idle, { timeout: 2000 })
      : window.setTimeout(idle, 200);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (handle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  };
}

/**
 * How far ahead of the viewport WhenNear starts: a quarter of a screen above and below (~200 px on
 * a phone), so what the reader scrolls (or tabs, or reads) towards has usually loaded by the time
 * it is on screen, while the cards just below a phone's first screen wait.
 */
const NEAR = '25% 0px';

/**
 * Renders `children` (typically lazy) once their place comes near the viewport (NEAR), and
 * `fallback` until then and while their code loads: what sits below the fold on a phone (the
 * account page's forms) costs nothing at load, neither its code nor its render, which on a phone's
 * CPU held the page's main thread for ~100 ms after its largest paint. On a tall screen where the
 * place is already near, it loads at once. The fallback should take the children's place (same
 * height), so nothing moves when they arrive. Without IntersectionObserver it loads at once.
 */
export function WhenNear({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={place}>{isNear ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}

/**
 * Renders `children` (typically lazy dialogs) from the first time `wanted` is true on, and nothing
 * before: a closed dialog shows nothing, so it costs no render at load. `load` (the dialogs' lazy
 * imports) is called once the browser is idle after the first paint, so the code is here before
 * the click (a fan opening a ticket where the venue has no signal), without mounting anything.
 */
export function WhenWanted({ wanted, load, children }: { wanted: boolean; load: () => unknown; children: ReactNode }) {
  const [wasWanted, setWasWanted] = useState(wanted);
  if (wanted && !wasWanted) setWasWanted(true);
  // Offline, the early load fails quietly; the click that opens a dialog asks for its code again.
  useEffect(() => onIdleAfterPaint(() => void Promise.resolve(load()).catch(() => {})), [load]);
  return wanted || wasWanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * Renders `children` in a second, deferred render, after the one that mounted this place has been
 * committed: what is above it paints first (a page's headline, its largest paint on a phone) instead
 * of waiting for the whole page's render. Only below the headline, where nothing it shows moves.
 */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}
