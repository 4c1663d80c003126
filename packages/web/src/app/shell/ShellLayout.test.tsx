import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, userWith } from '../../../test/render.tsx';
import { TEST_TREES } from '../../../test/trees.tsx';
import { AreaTreesContext } from '../routing/AreaTreesContext.ts';
import { ShellLayout } from './ShellLayout.tsx';

/** The shell around two pages; `user` undefined leaves who is signed in loading. */
const renderShell = (user?: ReturnType<typeof userWith> | null) =>
  renderAt(
    <AreaTreesContext.Provider value={TEST_TREES}>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route index element={<h1>The page</h1>} />
          <Route path="markets" element={<h1>Markets page</h1>} />
        </Route>
      </Routes>
    </AreaTreesContext.Provider>,
    { user },
  );

describe('ShellLayout', () => {
  it('makes a skip link to the main content the first thing the keyboard reaches', async () => {
    renderShell(null);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(within(main).getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(main).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('opens the menu panel from the menu button, and a chosen link closes it', async () => {
    renderShell(userWith(['admin']));
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation', { name: 'Main menu' })).toHaveLength(1);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    const links = within(panel as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Markets', 'Projects', 'Reference data']);
    await userEvent.click(within(panel as HTMLElement).getByRole('link', { name: 'Markets' }));
    expect(screen.getByRole('heading', { name: 'Markets page' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(panel?.id ?? '')).toBeNull();
  });

  it('shows the signed-in user their organisation bar inside the main content', () => {
    renderShell(userWith(['participant']));
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Wetland Trust' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  describe('while who is signed in is still on its way', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows a loader alone in the main content, so the bar and the page never push down one in view', () => {
      // The user's details never arrive in this test.
      vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
      renderShell();
      const main = screen.getByRole('main');
      expect(within(main).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
      expect(within(main).queryByRole('heading', { name: 'The page' })).toBeNull();
      expect(within(main).queryByRole('link')).toBeNull();
      expect(screen.queryByRole('contentinfo')).toBeNull();
    });
  });
});
