// Ticket releases' messages, apart from releases.ts's schemas: the purchase page shows them in a
// first load, which stays zod-free; releases.ts re-exports them.

/** Ticket releases' messages (issue 20). The wrong-code message is the issue's, word for word. */
export const RELEASE_MESSAGES = {
  codeInvalid: 'That code is not valid for this event.',
  nameRequired: 'Each release needs a name (at most 60 characters).',
  priceRequired: 'Each release needs a price of more than £0.',
  quantityInvalid: 'Release quantities must be whole numbers of 0 or more.',
  datesInvalid: 'Please enter release dates as YYYY-MM-DDTHH:MM.',
  endBeforeStart: 'A release must end after it starts.',
  codeFormat: 'Presale codes are 3 to 32 letters, digits or dashes.',
  tooMany: 'An event can have at most 20 releases.',
  notThisEvent: 'That release does not belong to this event.',
  duplicateId: 'Each release may appear only once.',
  saved: 'Releases saved.',
  saveFailed: 'Failed to save releases.',
  loadFailed: 'Failed to load releases.',
  membersOnly: 'Only members can buy tickets in this release.',
  pricesInReleases: 'The price of a ticket type sold in releases is set in its releases.',
  setByReleases: 'Set by the releases below.',
} as const;

/** "Early bird has sold or holds 12 tickets, so it cannot have fewer." (409) */
export const releaseBelowSoldMessage = (name: string, committed: number) =>
  `${name} has sold or holds ${committed} ticket(s), so it cannot have fewer.`;
/** "Early bird has sales and cannot be deleted." (409) */
export const releaseHasSalesMessage = (name: string) => `${name} has sales and cannot be deleted.`;
/** "Early bird has sales, so its ticket type cannot change." (409) */
export const releaseTypeLockedMessage = (name: string) => `${name} has sales, so its ticket type cannot change.`;
