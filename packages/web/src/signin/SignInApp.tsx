import { type CurrentUser, type CurrentUserAnswer, isSignedOutAnswer } from '@curlew/domain';
import { Box, Burger, Button, Container, Group, MantineProvider, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type MouseEvent, startTransition, useEffect, useId, useState } from 'react';
import { api } from '../app/api.ts';
import { clientEnv } from '../app/env.ts';
import { colourSchemeFor } from '../app/roles.ts';
import { readSchemeHint, writeSchemeHint } from '../app/schemeHint.ts';
import { DisclosureMenu } from '../app/shell/DisclosureMenu.tsx';
import { Footer } from '../app/shell/Footer.tsx';
import { PlainLink } from '../app/shell/pageLink.tsx';
import { MAIN_ID, SkipLink } from '../app/shell/SkipLink.tsx';
import { ToastHost } from '../app/shell/ToastHost.tsx';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { showToast } from '../app/toasts.ts';
import { LoginForm } from '../auth/LoginForm.tsx';
import { type LoginAnswer, loginOutcome } from '../auth/loginFlow.ts';
import classes from './SignInApp.module.css';

/** Hands the page over to the whole app at `to`, with the signed-in user when it is known. */
export type OpenApp = (to: string, options?: { replace?: boolean; user?: CurrentUser | null }) => void;

/** The sign-in page's menu for a visitor: the app's authentication menu (Sign in, and Sign up when it is on). */
const visitorMenu = () => [
  { label: 'Sign in', to: '/login' },
  ...(clientEnv().signUpEnabled ? [{ label: 'Sign up', to: '/signUp' }] : []),
];

/** A link of the visitor's menu, marked as the current page when it is /login. */
const MenuLink = ({ label, to, fullWidth }: { label: string; to: string; fullWidth?: boolean }) => (
  <Button
    component={PlainLink}
    to={to}
    aria-current={to === '/login' ? 'page' : undefined}
    variant="subtle"
    color="gray"
    fullWidth={fullWidth}
    justify={fullWidth ? 'flex-start' : undefined}
  >
    {label}
  </Button>
);

/**
 * /login loaded on its own: the page frame a visitor sees (skip link, header with the menu and its narrow-screen
 * button, footer) around the sign-in form, without the router, the query cache or the signed-in shell. Any link
 * followed, and signing in, hands the page to the whole app (`openApp`); so does finding someone signed in.
 */
export function SignInApp({ openApp }: { openApp: OpenApp }) {
  const [menuOpened, menu] = useDisclosure(false);
  const menuId = useId();
  // Until the server says nobody is signed in, keep the scheme the page started with, as the app does.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let current = true;
    api.get<CurrentUserAnswer>('/api/auth/user').then(
      (answer) => {
        if (!current) return;
        // A transition: the page is in view already, and React may build its new scheme in pieces.
        if (isSignedOutAnswer(answer)) startTransition(() => setChecked(true));
        else openApp(window.location.pathname + window.location.search, { replace: true, user: answer });
      },
      () => current && startTransition(() => setChecked(true)),
    );
    return () => {
      current = false;
    };
  }, [openApp]);
  const scheme = checked ? colourSchemeFor('anonymous') : (readSchemeHint() ?? colourSchemeFor('loading'));
  useEffect(() => {
    if (checked) writeSchemeHint(scheme);
  }, [checked, scheme]);

  // Every same-site link leads into the whole app, which shows that page without loading the document again.
  const followLink = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || href.startsWith('//') || anchor.target) return;
    event.preventDefault();
    if (href !== '/login') openApp(href);
  };

  const applyAnswer = async (answer: LoginAnswer, username: string): Promise<void> => {
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    const outcome = loginOutcome(answer, { username, redirect });
    if (outcome.kind === 'toast') {
      showToast(outcome.message, 'error');
      return;
    }
    openApp(outcome.to, {
      replace: outcome.signedIn,
      ...(outcome.signedIn && answer.user ? { user: answer.user } : {}),
    });
  };

  const entries = visitorMenu();
  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver}>
      <ToastHost />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the links inside are what is clicked */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click too */}
      <div className={classes.frame} onClick={followLink}>
        <SkipLink />
        <Box component="header" className={classes.header}>
          <Container size="xl" py="xs">
            <Group justify="space-between" wrap="nowrap" gap="sm" mih={44}>
              <Group gap="lg" wrap="nowrap">
                <Box component={PlainLink} to="/" fw={800} fz="xl" c="bright" td="none">
                  Curlew
                </Box>
                <Box visibleFrom="md">
                  <nav aria-label="Main menu">
                    <Group gap={4} wrap="wrap">
                      {entries.map((entry) => (
                        <MenuLink key={entry.to} {...entry} />
                      ))}
                    </Group>
                  </nav>
                </Box>
              </Group>
              <Group gap="sm" wrap="nowrap" miw={0}>
                <DisclosureMenu
                  link={PlainLink}
                  label="Not logged in"
                  variant="default"
                  align="end"
                  items={[{ label: 'Sign in', to: '/login' }]}
                />
                <Burger
                  hiddenFrom="md"
                  size="sm"
                  opened={menuOpened}
                  onClick={menu.toggle}
                  aria-label="Menu"
                  aria-expanded={menuOpened}
                  aria-controls={menuOpened ? menuId : undefined}
                />
              </Group>
            </Group>
          </Container>
          {menuOpened ? (
            <Box component="nav" id={menuId} aria-label="Main menu" hiddenFrom="md" className={classes.panel}>
              <Stack gap={4}>
                {entries.map((entry) => (
                  <MenuLink key={entry.to} {...entry} fullWidth />
                ))}
              </Stack>
            </Box>
          ) : null}
        </Box>
        <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Container size="xl" py="md">
            <LoginForm confirmedEmail={undefined} onAnswer={applyAnswer} link={PlainLink} />
          </Container>
        </main>
        <Footer link={PlainLink} />
      </div>
    </MantineProvider>
  );
}
