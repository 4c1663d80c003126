// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

describe('LoginPage', () => {
  it('asks for both fields with SPEC 5 messages tied to each field', async () => {
    renderAt(<LoginPage />, { path: '/login', user: null });
    expect(screen.queryByText('Field required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Username or email address')).toHaveAccessibleDescription('Field required');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Field required',
    );
  });

  it('revalidates on every change', async () => {
    renderAt(<LoginPage />, { path: '/login', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(screen.getByLabelText('Username or email address'), 'a');
    expect(screen.getByLabelText('Username or email address')).not.toHaveAccessibleDescription(
      'Field required',
    );
    expect(screen.getAllByText('Field required')).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText('Username or email address'));
    expect(screen.getByLabelText('Username or email address')).toHaveAccessibleDescription('Field required');
  });

  it('shows a failed sign-in on the form and keeps what was typed', async () => {
    renderAt(<LoginPage />, { path: '/login?redirect=%2Fprofile', user: null });
    await userEvent.type(screen.getByLabelText('Username or email address'), 'supplier');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByLabelText('Username or email address')).toHaveValue('supplier');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('not-the-password');
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fprofile');
  });

  it('says so when the account was just confirmed, with the e-mail address filled in', () => {
    renderAt(<LoginPage />, {
      path: { pathname: '/login', state: { confirmedEmail: 'sam@example.org' } },
      user: null,
    });
    const note = screen
      .getByText('Your account is confirmed. You can now sign in.')
      .closest('[role="status"]');
    expect(note).toHaveTextContent('Account confirmed');
    expect(screen.getByLabelText('Username or email address')).toHaveValue('sam@example.org');
  });

  it('shows no confirmation note on a plain visit', () => {
    renderAt(<LoginPage />, { path: '/login', user: null });
    expect(screen.queryByText('Account confirmed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username or email address')).toHaveValue('');
  });

  it('lets the password be shown and hidden', async () => {
    renderAt(<LoginPage />, { path: '/login', user: null });
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
