import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { CrumbTrail } from './Breadcrumbs.tsx';

describe('CrumbTrail', () => {
  it('shows nothing with a single crumb', () => {
    renderAt(<CrumbTrail crumbs={[{ label: 'Home', to: '/' }]} />);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).not.toBeInTheDocument();
  });

  it('links every crumb but the last, and leaves no-link crumbs as text', () => {
    renderAt(
      <CrumbTrail
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'Settings' },
          { label: 'Reference data', to: '/settings/refdata' },
          { label: 'Standards', to: '/settings/refdata/standards' },
        ]}
      />,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Reference data', '/settings/refdata'],
    ]);
    expect(within(trail).getByText('Settings').closest('a')).toBeNull();
    expect(within(trail).getByText('Standards')).toHaveAttribute('aria-current', 'page');
  });

  it('shows no text for a crumb whose name is not known yet', () => {
    renderAt(
      <CrumbTrail
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'Settings' },
          { label: 'Reference data', to: '/settings/refdata' },
          { label: 'Type', to: '/settings/refdata/ncas', pending: true },
          { label: 'Item', to: '/settings/refdata/ncas/1', pending: true },
        ]}
      />,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(trail).toHaveTextContent('Home›Settings›Reference data››');
    expect(within(trail).queryByText('Type')).not.toBeInTheDocument();
    expect(within(trail).queryByText('Item')).not.toBeInTheDocument();
  });
});
