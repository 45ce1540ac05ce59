import { Loader, MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

function render(node: Parameters<typeof createElement>[0], props: Record<string, unknown>): string {
  return renderToStaticMarkup(createElement(MantineProvider, { theme }, createElement(node, props)));
}

describe('the theme', () => {
  // axe's aria-prohibited-attr: an aria-label on a bare <span> is refused, so a section still loading
  // when a page is audited (/account on a busy phone run) failed the page audit.
  it('gives every spinner the status role its loading label needs', () => {
    const html = render(Loader, { 'aria-label': 'Loading your account' });
    expect(html).toMatch(
      /<span[^>]*role="status"[^>]*aria-label="Loading your account"|aria-label="Loading your account"[^>]*role="status"/,
    );
  });

  it('keeps a spinner that is hidden from assistive technology hidden', () => {
    expect(render(Loader, { 'aria-hidden': 'true' })).toContain('aria-hidden="true"');
  });
});
