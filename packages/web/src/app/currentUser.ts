import { type CurrentUser, type CurrentUserAnswer, isSignedOutAnswer } from '@curlew/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type ApiClient, ApiError, api, onSessionEnded } from './api.ts';

/** Query key of the signed-in user. */
export const CURRENT_USER_KEY = ['auth', 'user'] as const;

/**
 * Loads the signed-in user: null when the server answers that nobody is signed in ({ user: null }), or when it
 * refuses with 401 or 403 (a session that ended meanwhile, SPEC 4).
 */
export async function fetchCurrentUser(client: ApiClient = api): Promise<CurrentUser | null> {
  try {
    const answer = await client.get<CurrentUserAnswer>('/api/auth/user');
    return isSignedOutAnswer(answer) ? null : answer;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return null;
    throw error;
  }
}

/** The signed-in user (null when signed out), shared by the shell and the pages. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => fetchCurrentUser(),
    staleTime: 60_000,
    retry: false,
  });
}

/** Query key of the note that the user has just signed out themselves (SPEC 4: logout goes to /login). */
const SIGNED_OUT_KEY = ['auth', 'signedOut'] as const;

/** Records who is signed in after sign-in, sign-out or a profile change, so the shell updates at once. */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  if (user !== null) queryClient.removeQueries({ queryKey: SIGNED_OUT_KEY, exact: true });
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/**
 * Signs the user out in the cache, noting that they chose to: a guarded page they were on then sends them to
 * plain /login rather than to /login?redirect=here.
 */
export function setSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(SIGNED_OUT_KEY, true);
  queryClient.setQueryData(CURRENT_USER_KEY, null);
}

/** Whether the user has just signed out themselves (see setSignedOut). */
export function hasSignedOut(queryClient: QueryClient): boolean {
  return queryClient.getQueryData(SIGNED_OUT_KEY) === true;
}

const isCurrentUserKey = (key: readonly unknown[]): boolean =>
  key.length === CURRENT_USER_KEY.length && CURRENT_USER_KEY.every((part, index) => key[index] === part);

const isSignedOutKey = (key: readonly unknown[]): boolean =>
  key.length === SIGNED_OUT_KEY.length && SIGNED_OUT_KEY.every((part, index) => key[index] === part);

/**
 * Drops every cached answer except the current-user query, so nothing of the previous user lingers: neither their
 * queries nor the option lists of their forms (a supplier's Supplier field would otherwise read the operator's list).
 * The option lists are cleared once the forms' code is at hand (it is not part of the sign-in page): await the
 * answer before showing a form.
 */
export function forgetCachedData(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({
    predicate: (query) => !isCurrentUserKey(query.queryKey) && !isSignedOutKey(query.queryKey),
  });
  return import('../actions/optionsSource.ts').then(({ clearOptionsCache }) => clearOptionsCache());
}

/**
 * Shows the user as signed out as soon as any call finds the session gone (expired or ended elsewhere), so the
 * guards send them to sign in again with the page they were on; returns the unsubscribe function.
 */
export function followSessionEnd(queryClient: QueryClient): () => void {
  return onSessionEnded(() => {
    if (queryClient.getQueryData(CURRENT_USER_KEY)) setCurrentUser(queryClient, null);
  });
}
