/**
 * Makes the scanner an installable app that opens with no network (issue 22): links its web app
 * manifest (public/scanner.webmanifest, start_url /ticket/scan) and registers the service worker
 * vite-plugin-pwa builds (sw.js: the app precached, pages network-first with the cached shell as
 * the fallback). Only the scanner page does this, so other pages' first load carries none of it.
 */
export function registerScannerApp(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/scanner.webmanifest';
    document.head.append(link);
  }
  // The development server has no built worker; a browser without service workers scans online only.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the scanner still works online, and offline until the page is reloaded.
    });
  }
}
