// @vitest-environment-options { "url": "http://127.0.0.1:9/login?redirect=%2Fprojects" }
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInApp } from './SignInApp.tsx';

/** Renders the sign-in page on its own, recording where it hands over to the whole app. */
const renderSignIn = () => {
  const openApp = vi.fn();
  render(<SignInApp openApp={openApp} />);
  return openApp;
};

describe('the sign-in page on its own', () => {
  it('shows the frame a visitor sees: skip link, menu, the form and the footer', async () => {
    renderSignIn();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('button', { name: 'Not logged in' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Contact us');
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
    await userEvent.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(
      within(panel as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sign in', 'Sign up']);
  });

  it('hands a followed link to the whole app, and stays put for /login itself', async () => {
    const openApp = renderSignIn();
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(openApp).toHaveBeenCalledWith('/signUp');
    openApp.mockClear();
    await userEvent.click(screen.getAllByRole('link', { name: 'Sign in' })[0] as HTMLElement);
    expect(openApp).not.toHaveBeenCalled();
  });

  it('shows a failed sign-in on the form and keeps what was typed, without leaving', async () => {
    const openApp = renderSignIn();
    await userEvent.type(screen.getByLabelText('Username or email address'), 'supplier');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByLabelText('Username or email address')).toHaveValue('supplier');
    expect(openApp).not.toHaveBeenCalled();
  });
});
