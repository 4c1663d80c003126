import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { SearchBox } from './SearchBox.tsx';
import { isSearchOpen, searchTarget } from './search.ts';

describe('search rules', () => {
  it('opens only for the hash #search-open and searches only with a term', () => {
    expect(isSearchOpen('#search-open')).toBe(true);
    expect(isSearchOpen('#other')).toBe(false);
    expect(isSearchOpen('')).toBe(false);
    expect(searchTarget('  ')).toBeNull();
    expect(searchTarget(' oak woodland ')).toBe('/search/oak%20woodland');
  });
});

describe('SearchBox', () => {
  it('is a link that opens search through the URL hash, keeping the page', async () => {
    renderAt(<SearchBox />, { path: '/markets?tab=open' });
    await userEvent.click(screen.getByRole('link', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/markets?tab=open#search-open');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('focuses the field when the page opens with #search-open', () => {
    renderAt(<SearchBox />, { path: '/#search-open' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('stays put when nothing was entered and goes to /search/{term} otherwise', async () => {
    renderAt(<SearchBox />, { path: '/#search-open' });
    const field = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.type(field, '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/#search-open$/);
    await userEvent.clear(field);
    await userEvent.type(field, 'Solent{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\/Solent$/);
  });

  it('closes by dropping the hash', async () => {
    renderAt(<SearchBox />, { path: '/projects#search-open' });
    await userEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/projects$/);
    expect(screen.getByRole('link', { name: 'Search' })).toBeInTheDocument();
  });
});
