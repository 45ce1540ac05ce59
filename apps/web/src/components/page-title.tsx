import { PRODUCT_NAME } from '@fourfour/shared/constants';

/** Sets the document title; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  return (
    <title>
      {title === 'Home' ? `${PRODUCT_NAME}: house music, tickets and community` : `${title} · ${PRODUCT_NAME}`}
    </title>
  );
}
