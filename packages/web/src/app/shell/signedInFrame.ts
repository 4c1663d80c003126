import { lazyPage } from '../lazyPage.ts';

// What frames every signed-in page, kept out of the sign-in page's code: the side panel that hosts action dialogs, and
// the breadcrumbs. A first load asks for both with the page's own code (routing/preload.ts).

/** The side-panel host for action dialogs (`actions/ActionPanelProvider.tsx`), loaded on its own. */
export const LazyActionPanelProvider = lazyPage(() =>
  import('../../actions/ActionPanelProvider.tsx').then((module) => ({ default: module.ActionPanelProvider })),
);

/** The breadcrumbs (`shell/Breadcrumbs.tsx`), loaded on their own. */
export const LazyBreadcrumbs = lazyPage(() =>
  import('./Breadcrumbs.tsx').then((module) => ({ default: module.Breadcrumbs })),
);
