// The affiliates' messages, apart from affiliates.ts's schemas: /account shows them in a first load,
// which stays zod-free; affiliates.ts re-exports them.

export const AFFILIATE_MESSAGES = {
  // Spec 01 §8 and 02 §8, word for word.
  generateFailed: 'Error generating affiliate code.',
  noStats: 'No stats available for the selected period.',
  // Ours: the spec shows no wording for these.
  codeCopied: 'Copied to clipboard.',
  copyFailed: 'Could not copy. Select the code and copy it yourself.',
  notFound: 'User not found.',
} as const;
