import { Drawer } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** What opens an action: the entity's self link (e.g. `/organisation/123`), the action id and an optional title. */
export interface ActionPanelRef {
  self: string;
  actionId: string;
  title?: string;
}

/** The controls the side panel offers to any page. */
export interface ActionPanelControls {
  open(ref: ActionPanelRef): void;
  close(): void;
}

const ActionPanelContext = createContext<ActionPanelControls | null>(null);

/** Holds the side-panel action dialog (right-hand drawer) and lets any descendant open an action in it. */
export function ActionPanelProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActionPanelRef | null>(null);
  const open = useCallback((ref: ActionPanelRef) => setCurrent(ref), []);
  const close = useCallback(() => setCurrent(null), []);
  const controls = useMemo<ActionPanelControls>(() => ({ open, close }), [open, close]);
  return (
    <ActionPanelContext.Provider value={controls}>
      {children}
      <Drawer opened={current !== null} onClose={close} position="right" title={current?.title ?? ''}>
        {null}
      </Drawer>
    </ActionPanelContext.Provider>
  );
}

/** Opens and closes the side-panel action dialog; must be used under `ActionPanelProvider`. */
export function useActionPanel(): ActionPanelControls {
  const controls = useContext(ActionPanelContext);
  if (controls === null) throw new Error('useActionPanel must be used inside ActionPanelProvider');
  return controls;
}
