import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CURRENT_USER_KEY, forgetCachedData, setCurrentUser } from '../app/currentUser.ts';
import { showToast } from '../app/toasts.ts';
import { type LoginAnswer, loginOutcome } from './loginFlow.ts';

/** Acts on a login answer: records the signed-in user and goes where the sign-in flow says. */
export function useLoginAnswer() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return async (answer: LoginAnswer, username: string): Promise<void> => {
    const outcome = loginOutcome(answer, { username, redirect });
    if (outcome.kind === 'toast') {
      showToast(outcome.message, 'error');
      return;
    }
    if (outcome.signedIn) {
      await forgetCachedData(queryClient);
      if (answer.user) setCurrentUser(queryClient, answer.user);
      else await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    }
    navigate(outcome.to, { replace: outcome.signedIn });
  };
}
