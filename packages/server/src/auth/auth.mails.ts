import type { MailMessage } from '../platform/mail.ts';

const validity = 'The code is valid for 10 minutes and can be used once.';

/** The sign-up confirmation e-mail. */
export const confirmationMail = (to: string, code: string, publicUrl: string): MailMessage => {
  const link = `${publicUrl}/confirmSignUp?email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: 'Your Curlew confirmation code',
    text: `Your confirmation code is ${code}\n\n${validity}\n\nConfirm your account at ${link}\n`,
    link,
    secret: true,
  };
};

/** The password reset e-mail. */
export const resetMail = (to: string, username: string, code: string, publicUrl: string): MailMessage => {
  const link = `${publicUrl}/updatePassword?username=${encodeURIComponent(username)}`;
  return {
    to,
    subject: 'Your Curlew password reset code',
    text:
      `Your password reset code is ${code}\n\n${validity}\n\nChoose a new password at ${link}\n\n` +
      'If you did not ask for this, you can ignore this e-mail.\n',
    link,
    secret: true,
  };
};

/** The invitation e-mail for a user created by the market operator. */
export const invitationMail = (
  to: string,
  username: string,
  code: string,
  publicUrl: string,
): MailMessage => {
  // The link kept for the System page leaves the code out; the e-mail's own carries it.
  const link = `${publicUrl}/completeInvitation?username=${encodeURIComponent(username)}`;
  return {
    to,
    subject: 'You are invited to Curlew',
    text:
      `You have been invited to Curlew, the marketplace for nature recovery. Your username is ${username}.\n\n` +
      `Your invitation code is ${code}\n\n${validity}\n\nChoose your password at ${link}&code=${code}\n`,
    link,
    secret: true,
  };
};

/** Sent instead of a confirmation code when someone signs up with an address that already has an account. */
export const accountExistsMail = (to: string, publicUrl: string): MailMessage => ({
  to,
  subject: 'You already have a Curlew account',
  link: `${publicUrl}/login`,
  text:
    'Someone, perhaps you, tried to sign up to Curlew with this e-mail address, which already has an account.\n\n' +
    `Sign in at ${publicUrl}/login, or choose a new password at ${publicUrl}/resetPassword if you have forgotten it.\n\n` +
    'If it was not you, you can ignore this e-mail: nothing has changed.\n',
});
