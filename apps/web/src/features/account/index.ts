/** What other features may use of the account feature. */
export { meQuery, useMe } from './api/get-me.ts';
export { accountKeys } from './api/query-keys.ts';
