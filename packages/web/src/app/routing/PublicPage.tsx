import { type ComponentType, Suspense } from 'react';
import { PageLoader } from '../shell/PageLoader.tsx';

/** A public (authentication) page: open to everyone, loaded as its own chunk. */
export function PublicPage({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
