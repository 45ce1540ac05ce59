/**
 * Mantine's Tooltip in a chunk of its own (with the floating-ui it is placed by, ~20 kB gzip): the
 * affiliate code card loads it lazily, so the account page's first load goes without it.
 */
export { Tooltip } from '@mantine/core';
