import './mantineStyles.ts';
import '@mantine/notifications/styles.css';
import type { CurrentUser } from '@curlew/domain';
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { App, queryClient } from './App.tsx';
import { setCurrentUser } from './currentUser.ts';
import { AREA_ROUTES, PUBLIC_ROUTES } from './routing/areas.ts';
import { preloadPageAt } from './routing/preload.ts';

/**
 * Shows the whole app in `root` at the current address. `user`, when the caller already knows who is signed in
 * (the sign-in page hands over after signing in), saves asking the server again.
 */
export function startApp(root: Root, user?: CurrentUser | null): void {
  if (user !== undefined) setCurrentUser(queryClient, user);
  // A transition lets React yield to the browser while it builds the first page, rather than block it throughout.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

/**
 * Starts loading what the page at the current address needs, at once rather than one after another: its code and
 * the record it shows (see preloadPageAt).
 */
export function preloadCurrentPage(): void {
  preloadPageAt(window.location.pathname, queryClient, PUBLIC_ROUTES, AREA_ROUTES);
}
