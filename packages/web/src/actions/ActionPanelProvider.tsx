import type { ActionResult } from '@curlew/domain';
import { Loader } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import { lazyPage } from '../app/lazyPage.ts';
import type { ActionPanelRef } from './ActionPanel.tsx';
import { ActionsConfigContext } from './ActionsConfig.tsx';

export type { ActionPanelRef } from './ActionPanel.tsx';

/** The controls the side panel offers to any page. */
export interface ActionPanelControls {
  open(ref: ActionPanelRef): void;
  close(): void;
}

// The panel, its form engine and field controls load with the first action opened, not with every page; so does the
// drawer it opens in (shown with a loader while the panel's own code arrives).
const ActionPanel = lazyPage(() =>
  import('./ActionPanel.tsx').then((module) => ({ default: module.ActionPanel })),
);
const SideDrawer = lazyPage(() =>
  import('./PanelFrames.tsx').then((module) => ({ default: module.SideDrawer })),
);

const ActionPanelContext = createContext<ActionPanelControls | null>(null);

// Lets the panel use the router's navigation when mounted inside one, and plain page loads otherwise.
function RouterNavigation({ target }: { target: RefObject<(to: string) => void> }) {
  const navigate = useNavigate();
  useEffect(() => {
    target.current = (to: string) => {
      void navigate(to);
    };
  }, [navigate, target]);
  return null;
}

/** Props of the action panel provider. */
export interface ActionPanelProviderProps {
  children: ReactNode;
  /** Origin of the `/api` calls; the page's own origin by default. */
  apiBase?: string;
  /** Told of every action that succeeded (e.g. to refresh cached queries). */
  onActionSucceeded?: (ref: ActionPanelRef, result: ActionResult) => void;
}

/** Holds the side-panel action dialog (right-hand drawer) and lets any descendant open an action in it. */
export function ActionPanelProvider({ children, apiBase = '', onActionSucceeded }: ActionPanelProviderProps) {
  const [current, setCurrent] = useState<ActionPanelRef | null>(null);
  const inRouter = useInRouterContext();
  const navigateRef = useRef<(to: string) => void>((to: string) => window.location.assign(to));
  const open = useCallback((ref: ActionPanelRef) => setCurrent({ ...ref }), []);
  const close = useCallback(() => setCurrent(null), []);
  const controls = useMemo<ActionPanelControls>(() => ({ open, close }), [open, close]);
  const config = useMemo(() => ({ apiBase }), [apiBase]);
  const navigate = useCallback((to: string) => navigateRef.current(to), []);
  // Closes only the action it belongs to, so a late close timer never shuts an action opened since.
  const closeTarget = useCallback(
    (target: ActionPanelRef) => () => setCurrent((shown) => (shown === target ? null : shown)),
    [],
  );
  const closeCurrent = useMemo(
    () => (current === null ? close : closeTarget(current)),
    [current, close, closeTarget],
  );

  return (
    <ActionsConfigContext.Provider value={config}>
      <ActionPanelContext.Provider value={controls}>
        {inRouter && <RouterNavigation target={navigateRef} />}
        {children}
        {current !== null && (
          <Suspense
            fallback={
              <Suspense fallback={null}>
                <SideDrawer onClose={close} title={current.title ?? 'Loading'}>
                  <Loader role="status" aria-label="Loading the form" />
                </SideDrawer>
              </Suspense>
            }
          >
            <ActionPanel
              key={`${current.self}/action/${current.actionId}`}
              target={current}
              onClose={closeCurrent}
              navigate={navigate}
              onSucceeded={(result) => {
                current.onSuccess?.(result);
                onActionSucceeded?.(current, result);
              }}
            />
          </Suspense>
        )}
      </ActionPanelContext.Provider>
    </ActionsConfigContext.Provider>
  );
}

/** Opens and closes the side-panel action dialog; must be used under `ActionPanelProvider`. */
export function useActionPanel(): ActionPanelControls {
  const controls = useContext(ActionPanelContext);
  if (controls === null) throw new Error('useActionPanel must be used inside ActionPanelProvider');
  return controls;
}
