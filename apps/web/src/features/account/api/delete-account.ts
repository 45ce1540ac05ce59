import type { MessageBody } from '@fourfour/shared/api-error';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** DELETE /api/account/delete: anonymises the account and ends every session. */
export const deleteAccount = () => api.delete<MessageBody>('/api/account/delete');
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
