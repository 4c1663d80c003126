import { useLocation } from 'react-router-dom';
import { RouterLink } from '../app/shell/RouterLink.tsx';
import { LoginForm } from './LoginForm.tsx';
import { useLoginAnswer } from './useLoginAnswer.ts';

// /login lays out its card itself rather than through AuthForm: it is the most visited page, and the module
// of the shared auth-page parts (with the password-policy hint) would add to the JavaScript it loads.
/** What the page that sends someone to /login may tell it: the e-mail address of an account just confirmed. */
export interface LoginPageState {
  confirmedEmail?: string;
}

const confirmedEmailOf = (state: unknown): string | undefined => {
  const email = (state as LoginPageState | null)?.confirmedEmail;
  return typeof email === 'string' && email !== '' ? email : undefined;
};

/**
 * /login inside the app (reached by a link or a guard): username (or e-mail) and password, then wherever the
 * sign-in flow leads. Arriving from the account confirmation, it says the account is confirmed and fills in the
 * e-mail address. A page load of /login gets the same form from the sign-in page's own entry (`signin/`).
 */
export function LoginPage() {
  const confirmedEmail = confirmedEmailOf(useLocation().state);
  const applyAnswer = useLoginAnswer();
  return <LoginForm confirmedEmail={confirmedEmail} onAnswer={applyAnswer} link={RouterLink} />;
}
