import { completeInvitationSchema } from '@curlew/domain';
import { CodePasswordForm } from './CodePasswordForm.tsx';

/** /invitation and /completeInvitation: choose a password with the invitation code (prefilled from the link). */
export function InvitationPage() {
  return (
    <CodePasswordForm
      schema={completeInvitationSchema}
      endpoint="/api/auth/complete-invitation"
      title="Complete your invitation"
      intro="Choose a password to finish setting up your account."
      passwordLabel="Password"
      submitLabel="Complete invitation"
      successMessage="Your account is ready. Sign in with your new password."
    />
  );
}
