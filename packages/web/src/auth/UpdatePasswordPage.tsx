import { updatePasswordSchema } from '@curlew/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CodePasswordForm } from './CodePasswordForm.tsx';

/** /updatePassword: sets a new password with the e-mailed code; the username comes from the query. */
export function UpdatePasswordPage() {
  return (
    <CodePasswordForm
      schema={updatePasswordSchema}
      endpoint="/api/auth/update-password"
      title="Set a new password"
      intro="Enter the code we e-mailed you and choose a new password."
      passwordLabel="New password"
      submitLabel="Update password"
      successMessage="Your password has been changed. Sign in with the new password."
      footer={
        <Anchor component={Link} to="/resetPassword" size="sm">
          Send me a new code
        </Anchor>
      }
    />
  );
}
