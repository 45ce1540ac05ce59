import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const SOURCE = readFileSync(path.join(import.meta.dirname, 'start-app.js'), 'utf8');
const FILE_NAME = `assets/start-app-${createHash('sha256').update(SOURCE).digest('hex').slice(0, 8)}.js`;

/** The entry's `<script type="module">` and its `<link rel="modulepreload">`s, as Vite writes them. */
const APP_CODE_TAG = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/**
 * The app's code loads after the page's first paint (issue 19, the web on a phone). Every route's
 * HTML holds its first view (build/prerender.ts), painted as soon as the HTML and the stylesheet
 * are in; the entry script and its preloads would otherwise share the slow connection with them and
 * hold that paint back by ~2 s on a simulated phone. In the build, Vite's script tags move into
 * `<template id="app-code">`, and a small deferred script (build/start-app.js, no inline script: the
 * CSP is `script-src 'self'`) puts them back once the first contentful paint is reported.
 */
export function startAfterFirstPaint(): Plugin {
  return {
    name: 'fourfour:start-after-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE_NAME, source: SOURCE });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags = html.match(APP_CODE_TAG);
        if (!tags?.some((tag) => tag.includes('<script'))) throw new Error('index.html: no module script found');
        // The preloads first, so the entry's imports are asked for alongside it.
        const ordered = [
          ...tags.filter((tag) => !tag.includes('<script')),
          ...tags.filter((tag) => tag.includes('<script')),
        ];
        const code = ordered.map((tag) => tag.trim()).join('\n      ');
        return html
          .replace(APP_CODE_TAG, '')
          .replace('</head>', `  <script defer src="/${FILE_NAME}"></script>\n  </head>`)
          .replace('</body>', `  <template id="app-code">\n      ${code}\n    </template>\n  </body>`);
      },
    },
  };
}
