// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, userWith } from '../../test/render.tsx';
import { CheckTotpPage } from './CheckTotpPage.tsx';
import { ConfirmSignUpPage } from './ConfirmSignUpPage.tsx';
import { InvitationPage } from './InvitationPage.tsx';
import { NewPasswordPage } from './NewPasswordPage.tsx';
import { ProfileForm } from './ProfilePage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
import { UpdatePasswordPage } from './UpdatePasswordPage.tsx';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('ConfirmSignUpPage', () => {
  it('prefills the e-mail from the link and wants a 6-digit code', async () => {
    renderAt(<ConfirmSignUpPage />, { path: '/confirmSignUp?email=sam%40example.org', user: null });
    expect(field('Email')).toHaveValue('sam@example.org');
    await userEvent.type(field('Code'), '12a');
    expect(field('Code')).toHaveAccessibleDescription('Must be a 6-digit code');
    await userEvent.clear(field('Code'));
    await userEvent.type(field('Code'), '123456');
    expect(field('Code')).not.toHaveAccessibleDescription('Must be a 6-digit code');
  });

  it('needs a valid e-mail before resending the code', async () => {
    renderAt(<ConfirmSignUpPage />, { path: '/confirmSignUp', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(field('Email')).toHaveAccessibleDescription('Field required');
  });
});

describe('InvitationPage', () => {
  it('prefills username and code from the invitation link and checks the passwords', async () => {
    renderAt(<InvitationPage />, { path: '/completeInvitation?username=newbie&code=654321', user: null });
    expect(field('Username')).toHaveValue('newbie');
    expect(field('Code')).toHaveValue('654321');
    await userEvent.type(field('Password'), 'a-long-password');
    await userEvent.type(field('Confirm password'), 'a-long-passwore');
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    await userEvent.click(screen.getByRole('button', { name: 'Complete invitation' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ResetPasswordPage and UpdatePasswordPage', () => {
  it('requires a username to send a code', async () => {
    renderAt(<ResetPasswordPage />, { path: '/resetPassword', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(field('Username')).toHaveAccessibleDescription('Field required');
  });

  it('takes the username from the query and validates code and passwords', async () => {
    renderAt(<UpdatePasswordPage />, { path: '/updatePassword?username=supplier', user: null });
    expect(field('Username')).toHaveValue('supplier');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(field('Code')).toHaveAccessibleDescription('Field required');
    expect(field('New password')).toHaveAccessibleDescription(expect.stringContaining('Field required'));
    expect(field('Confirm password')).toHaveAccessibleDescription('Field required');
  });
});

describe('NewPasswordPage and CheckTotpPage', () => {
  it('refuses passwords that do not match', async () => {
    renderAt(<NewPasswordPage />, { path: '/newPassword', user: null });
    await userEvent.type(field('New password'), 'correct-horse');
    await userEvent.type(field('Confirm password'), 'correct-horsf');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
  });

  it('wants a 6-digit code', async () => {
    renderAt(<CheckTotpPage />, { path: '/checkTOTP', user: null });
    await userEvent.type(field('Code'), '1234');
    expect(field('Code')).toHaveAccessibleDescription('Must be a 6-digit code');
  });
});

describe('ProfileForm', () => {
  it('starts from the user and requires a display name', async () => {
    renderAt(<ProfileForm user={userWith(['participant'])} />, {
      path: '/profile',
      user: userWith(['participant']),
    });
    expect(field('Display name')).toHaveValue('Pat Example');
    expect(field('Phone')).toHaveValue('07700 900123');
    expect(screen.getByRole('button', { name: 'Phone country: United Kingdom +44' })).toBeInTheDocument();
    await userEvent.clear(field('Display name'));
    expect(field('Display name')).toHaveAccessibleDescription('Field required');
  });

  it('shows no error at first and lets a user without a phone leave it blank', async () => {
    const invited = userWith(['participant'], { phone: null });
    renderAt(<ProfileForm user={invited} />, { path: '/profile', user: invited });
    const phone = screen.getByLabelText(/^Phone/, { selector: 'input' });
    expect(phone).toHaveAccessibleName('Phone optional');
    expect(phone).toHaveValue('');
    expect(phone).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(phone).not.toHaveAccessibleDescription();
    expect(field('Display name')).not.toHaveAccessibleDescription();
  });

  it('keeps a given phone required and refuses one too short for its country', async () => {
    renderAt(<ProfileForm user={userWith(['participant'])} />, {
      path: '/profile',
      user: userWith(['participant']),
    });
    expect(field('Phone')).not.toHaveAccessibleDescription();
    await userEvent.clear(field('Phone'));
    expect(field('Phone')).toHaveAccessibleDescription('Field required');
    await userEvent.type(field('Phone'), '+44 123');
    expect(field('Phone')).toHaveAccessibleDescription('Not a valid phone number');
  });
});
