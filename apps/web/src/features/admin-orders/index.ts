/** The back office (issue 21): what other features may import (its pages are reached by route). */
export { adminOrdersKeys } from './api/query-keys.ts';
