import type { CurrentUser } from '@curlew/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from '../api.ts';
import { forgetCachedData, setSignedOut } from '../currentUser.ts';
import { showToast } from '../toasts.ts';
import { DisclosureMenu } from './DisclosureMenu.tsx';
import { RouterLink } from './RouterLink.tsx';

/** How the signed-in user is named in the header. */
export function userLabel(user: CurrentUser): string {
  return user.displayName.trim() || user.username;
}

/** The profile menu: 'Not logged in' with 'Sign in', or the user's name with 'Profile' and 'Sign out'. */
export function ProfileMenu({ user }: { user: CurrentUser | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = async () => {
    try {
      await api.post('/api/auth/logout');
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : String(error), 'error');
      return;
    }
    // The guarded page the user was on sees them gone before the navigation lands; the note sends it to /login.
    void forgetCachedData(queryClient);
    setSignedOut(queryClient);
    navigate('/login');
  };

  if (!user) {
    return (
      <DisclosureMenu
        link={RouterLink}
        label="Not logged in"
        variant="default"
        align="end"
        items={[{ label: 'Sign in', to: '/login' }]}
      />
    );
  }
  return (
    <DisclosureMenu
      link={RouterLink}
      label={userLabel(user)}
      variant="default"
      align="end"
      items={[
        { label: 'Profile', to: '/profile' },
        { label: 'Sign out', onSelect: signOut },
      ]}
    />
  );
}
