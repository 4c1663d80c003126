import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CURRENT_USER_KEY } from '../../app/currentUser.ts';

const isCurrentUserKey = (key: readonly unknown[]): boolean =>
  key.length === CURRENT_USER_KEY.length && CURRENT_USER_KEY.every((part, index) => key[index] === part);

/**
 * What a page calls after an action succeeded: an action may change the record, its lists, users, activity and
 * comments, so every cached answer is refreshed (those on screen at once). The signed-in user is reloaded only when
 * `affectsCurrentUser` says so (e.g. their own organisation was renamed, which the title bar shows).
 */
export function useRefreshAfterAction(): (options?: { affectsCurrentUser?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ affectsCurrentUser = false } = {}) => {
      await queryClient.invalidateQueries({
        predicate: (query) => affectsCurrentUser || !isCurrentUserKey(query.queryKey),
      });
    },
    [queryClient],
  );
}
