import type { Plugin } from 'vite';

/** A Mantine component's class map in @mantine/core's ESM build: `esm/components/…/Button.module.mjs`. */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/**
 * Each Mantine component's stylesheet travels with the component (issue 19, the web on a phone).
 * `@mantine/core/styles.css` is one render-blocking file of every component's rules (255 kB raw);
 * Mantine also ships one file per component (`@mantine/core/styles/Button.css`, the same rules), and
 * every component reads its class names from a class map module (`Button.module.mjs`) of the same
 * name. In the build, each class map imports its component's stylesheet, so the stylesheet lands in
 * whatever chunk holds the component: the entry's stylesheet has only the first view's components,
 * a lazy page's chunk brings the rest (Vite loads a chunk's CSS before running it). A component's
 * own dependencies (Button on UnstyledButton) come first, as the module graph orders them.
 * `main.tsx` imports Mantine's global files (reset, default variables, helpers) itself.
 *
 * The dev server pre-bundles @mantine/core, so its class maps never pass through here: it gets the
 * whole stylesheet instead, first thing in the entry.
 */
export function mantineComponentCss(): Plugin {
  let isBuild = false;
  return {
    name: 'fourfour:mantine-component-css',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transform(code, id) {
      if (isBuild) {
        const component = CLASS_MAP.exec(id)?.[1];
        return component ? `import '@mantine/core/styles/${component}.css';\n${code}` : undefined;
      }
      return /[\\/]src[\\/]main\.tsx$/.test(id) ? `import '@mantine/core/styles.css';\n${code}` : undefined;
    },
  };
}
