// Starts the app once the page's first view has painted (issue 19, the web on a phone; see
// build/start-after-first-paint.ts). The app's script tags wait in <template id="app-code">; this
// puts them in the document after the first paint, so on a slow connection the HTML and the
// stylesheet have the bandwidth to themselves and the page's heading shows before any script loads.
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const code = document.getElementById('app-code');
    if (code instanceof HTMLTemplateElement) document.head.append(document.importNode(code.content, true));
  };
  // A tab opened in the background paints nothing until it is shown: it starts at once.
  if (document.visibilityState !== 'visible') return start();
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        start();
      }
    }).observe({ type: 'paint', buffered: true });
  }
  // Without paint timing (or if the first paint is never reported): after the next frame.
  requestAnimationFrame(() => setTimeout(start, types.includes('paint') ? 1000 : 0));
  document.addEventListener('visibilitychange', start, { once: true });
})();
