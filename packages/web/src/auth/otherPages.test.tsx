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
    expect(field('Phone')).toHaveValue('+44 7700 900123');
    await userEvent.clear(field('Display name'));
    expect(field('Display name')).toHaveAccessibleDescription('Field required');
  });
});
