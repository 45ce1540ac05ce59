/**
 * Legal texts as data, so the Terms and Privacy pages and the Register page's Terms dialog render
 * the same words. A block is a paragraph, or a bulleted list when it is an array.
 */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** Stable anchor id, e.g. "subscriptions". */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalContext {
  productName: string;
  supportEmail: string;
}
