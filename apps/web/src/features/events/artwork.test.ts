import { describe, expect, it } from 'vitest';
import { artworkSrcSet } from './artwork.ts';

describe('event artwork srcset', () => {
  it('offers the server’s three widths of a versioned artwork URL', () => {
    expect(artworkSrcSet('/api/media/events/7?v=b70eef28')).toBe(
      '/api/media/events/7?v=b70eef28&w=400 400w, /api/media/events/7?v=b70eef28&w=800 800w, /api/media/events/7?v=b70eef28&w=1200 1200w',
    );
    expect(artworkSrcSet('/api/media/events/7')).toContain('/api/media/events/7?w=400 400w');
  });

  it('leaves any other image address alone', () => {
    expect(artworkSrcSet('https://example.com/poster.webp')).toBeUndefined();
  });
});
