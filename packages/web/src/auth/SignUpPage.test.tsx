// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import { SignUpPage } from './SignUpPage.tsx';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

afterEach(() => {
  window.CURLEW_ENV = undefined;
});

describe('SignUpPage', () => {
  it('gives every missing field its SPEC 5 message', async () => {
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    for (const label of [
      'Email',
      'Display name',
      'Phone',
      'Organisation name',
      'Password',
      'Confirm password',
    ]) {
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining('Field required'));
    }
    expect(screen.getByRole('radiogroup', { name: 'Organisation type' })).toHaveAccessibleDescription(
      expect.stringContaining('Field required'),
    );
  });

  it('checks the e-mail, the phone and that the passwords match as they are typed', async () => {
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    await userEvent.type(field('Email'), 'not-an-address');
    expect(field('Email')).toHaveAccessibleDescription('Not a valid email address');
    await userEvent.type(field('Phone'), '12');
    expect(field('Phone')).toHaveAccessibleDescription('Not a valid phone number');
    await userEvent.type(field('Password'), 'short');
    expect(field('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Must be at least 8 characters'),
    );
    await userEvent.type(field('Confirm password'), 'different');
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    await userEvent.type(field('Password'), '-enough-now');
    await userEvent.clear(field('Confirm password'));
    await userEvent.type(field('Confirm password'), 'short-enough-now');
    expect(field('Confirm password')).not.toHaveAccessibleDescription('Passwords do not match');
  });

  it('asks a participant for a mailing address (SPEC 5), and lets an agent leave it blank', async () => {
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    const address = () => screen.getByLabelText('Mailing address', { selector: 'textarea' });
    await userEvent.click(screen.getByRole('radio', { name: 'Participant' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(address()).toHaveAccessibleDescription(expect.stringContaining('Field required'));
    await userEvent.click(screen.getByRole('radio', { name: 'Agent' }));
    expect(address()).not.toHaveAccessibleDescription(expect.stringContaining('Field required'));
    await userEvent.click(screen.getByRole('radio', { name: 'Participant' }));
    await userEvent.type(address(), '1 Marsh Lane{Enter}Snettisham');
    expect(address()).not.toHaveAccessibleDescription(expect.stringContaining('Field required'));
    expect(address()).toHaveValue('1 Marsh Lane\nSnettisham');
  });

  it('offers the two organisation types open to sign-up', async () => {
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'PARTICIPANT',
      'AGENT',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Agent' }));
    expect(screen.getByRole('radio', { name: 'Agent' })).toBeChecked();
  });

  it('shows no message on any field before the person has typed', () => {
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    for (const label of ['Email', 'Display name', 'Phone', 'Organisation name']) {
      expect(field(label)).not.toHaveAccessibleDescription();
      expect(field(label)).not.toBeInvalid();
    }
    expect(screen.queryByText('Field required')).not.toBeInTheDocument();
  });

  it('says the passwords do not match as soon as both differ, whatever the other fields hold', async () => {
    const user = userEvent.setup();
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    await user.type(field('Password'), 'correct horse battery');
    await user.type(field('Confirm password'), 'correct horse battery!');
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
  });

  it('reads a UK number as people write it, with the United Kingdom chosen by default', async () => {
    const user = userEvent.setup();
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    expect(screen.getByRole('button', { name: 'Phone country: United Kingdom +44' })).toBeInTheDocument();
    const phone = field('Phone');
    await user.type(phone, '07700 900123');
    expect(phone).toHaveValue('07700 900123');
    expect(phone).not.toHaveAccessibleDescription();
    await user.clear(phone);
    await user.type(phone, '+44 123');
    expect(phone).toHaveAccessibleDescription('Not a valid phone number');
  });

  it('chooses the country of a pasted international number and keeps its digits', async () => {
    const user = userEvent.setup();
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    const phone = field('Phone');
    await user.click(phone);
    await user.paste('+33 1 23 45 67 89');
    expect(phone).toHaveValue('+33 1 23 45 67 89');
    expect(screen.getByRole('button', { name: 'Phone country: France +33' })).toBeInTheDocument();
    expect(phone).not.toHaveAccessibleDescription();
  });

  it('refuses sign-up when the configuration disables it', () => {
    window.CURLEW_ENV = { signUpEnabled: false, production: true };
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    expect(screen.getByText(/Sign-up is not available/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
