// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, userWith } from '../../test/render.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';

describe('ApiTokensSection', () => {
  it('asks for a name before making a token, offers expiries and says how to use one', async () => {
    renderAt(<ApiTokensSection />, { path: '/profile', user: userWith(['participant']) });
    expect(screen.getByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
    expect(screen.getByText('Authorization: Bearer <token>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
    const name = screen.getByLabelText('Token name', { selector: 'input' });
    expect(name).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(name).toHaveAccessibleDescription('Field required');
    expect(screen.getByRole('combobox', { name: 'Expires after' })).toHaveValue('90 days');
  });

  it('shows an error, not an empty list, when the tokens cannot be loaded', async () => {
    renderAt(<ApiTokensSection />, { path: '/profile', user: userWith(['participant']) });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('You have no API tokens.')).not.toBeInTheDocument();
  });
});
