import { TOAST_LIFETIME_MS } from '@curlew/domain';
import { lazy, Suspense } from 'react';
import { useToastHostWanted } from '../toasts.ts';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Where toasts appear; mounted with the first toast. */
export function ToastHost() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_LIFETIME_MS} />
    </Suspense>
  );
}
