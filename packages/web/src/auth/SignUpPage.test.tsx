// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import { moveTypedBeforeDialCode } from '../components/phone/dialCode.ts';
import { PHONE_COUNTRIES, phoneValueOf } from './PhoneField.tsx';
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

  it('offers the two organisation types open to sign-up', async () => {
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'PARTICIPANT',
      'AGENT',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Agent' }));
    expect(screen.getByRole('radio', { name: 'Agent' })).toBeChecked();
  });

  it('keeps the UK dial code in front of the phone number', async () => {
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    expect(screen.getByRole('combobox', { name: 'Phone country' })).toHaveValue('gb');
    const phone = field('Phone');
    await userEvent.type(phone, '7700900123');
    expect(phone).toHaveValue('+44 7700 900123');
    expect(phone).not.toHaveAccessibleDescription(expect.stringContaining('Not a valid'));
    await userEvent.clear(phone);
    expect((phone as HTMLInputElement).value.startsWith('+44')).toBe(true);
  });

  it('refuses sign-up when the configuration disables it', () => {
    window.CURLEW_ENV = { signUpEnabled: false, production: true };
    renderAt(<SignUpPage />, { path: '/signUp', user: null });
    expect(screen.getByText(/Sign-up is not available/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});

describe('phone helpers', () => {
  it('lists the United Kingdom first', () => {
    expect(PHONE_COUNTRIES[0]?.iso2).toBe('gb');
    expect(PHONE_COUNTRIES.filter((country) => country.iso2 === 'gb')).toHaveLength(1);
  });

  it('moves digits typed in front of the dial code behind it', () => {
    expect(moveTypedBeforeDialCode('7+44 ')).toBe('+44 7');
    expect(moveTypedBeforeDialCode('+44 77')).toBe('+44 77');
    expect(moveTypedBeforeDialCode('')).toBe('');
  });

  it('treats a bare dial code as no number', () => {
    expect(phoneValueOf('+44', '44')).toBe('');
    expect(phoneValueOf('+447700900123', '44')).toBe('+447700900123');
  });
});
