import { PRODUCT_NAME } from '@fourfour/shared/constants';

/** The document title of a screen called `title`. */
export function documentTitle(title: string): string {
  return title === 'Home' ? `${PRODUCT_NAME}: house music, tickets and community` : `${title} · ${PRODUCT_NAME}`;
}

/** Sets the document title; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  return <title>{documentTitle(title)}</title>;
}
