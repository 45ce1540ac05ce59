/**
 * The event artwork's `srcset`: the server's narrower WebP copies (GET /api/media/events/:id?w=,
 * widths 400, 800 and 1200 only), so a phone downloads a card-sized image, not the 1200 px poster.
 * A URL that is not the server's own media route (none today) is left as it is.
 */
const WIDTHS = [400, 800, 1200] as const;

export function artworkSrcSet(imageUrl: string): string | undefined {
  if (!imageUrl.startsWith('/api/media/events/')) return undefined;
  const join = imageUrl.includes('?') ? '&' : '?';
  return WIDTHS.map((w) => `${imageUrl}${join}w=${w} ${w}w`).join(', ');
}

/** The card's width in the events grid: one column on phones, two from `sm`, three from `lg`. */
export const ARTWORK_SIZES = '(min-width: 75em) 360px, (min-width: 48em) 50vw, 100vw';
