// Only the styles the sign-in page uses, in Mantine's order; the whole app brings all of them when it takes over.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadChunkWithReload } from '../app/lazyPage.ts';
import { applyDeferredStyles } from '../app/pageStyles.ts';
import { type OpenApp, SignInApp } from './SignInApp.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

let opening = false;
/** Moves to `to` and shows the whole app there (its code loads now, not with the sign-in page). */
const openApp: OpenApp = (to, { replace = false, user } = {}) => {
  if (opening) return;
  opening = true;
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (to !== here) window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
  void loadChunkWithReload(() => import('../app/start.tsx')).then(({ preloadCurrentPage, startApp }) => {
    startApp(root, user);
    // Once the frame has painted, so that it does not wait for them.
    requestAnimationFrame(() => setTimeout(preloadCurrentPage));
  });
};

// The header login.html draws shows until the styles are in place. A transition lets React yield to the browser
// while it builds the page, rather than block it throughout.
void applyDeferredStyles().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <SignInApp openApp={openApp} />
      </StrictMode>,
    ),
  ),
);
