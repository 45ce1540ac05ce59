import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { releaseSchemas } from '../../../lib/lazy-schemas.ts';

/**
 * GET /api/events/{id}/releases?unlockCode= → the public ladder plus the hidden releases the code
 * opens (400 when it opens none). Asked once per Apply, not as a query: every request with a code
 * counts towards the account's limit (10 in 15 minutes), so it is never refetched in the background.
 */
export const getUnlockedReleases = (input: { eventId: number; unlockCode: string }) =>
  api.get(`/api/events/${input.eventId}/releases`, {
    query: { unlockCode: input.unlockCode },
    schema: () => releaseSchemas().then((m) => m.UnlockedReleases),
  });
export const useUnlockReleases = () => useMutation({ mutationFn: getUnlockedReleases });
