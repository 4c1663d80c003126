import { ACTION_PANEL_CLOSE_DELAY_MS, type ActionFormData, type ActionResult } from '@curlew/domain';
import { Alert, Loader } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../app/toasts.ts';
import { ActionForm, failureText } from './ActionForm.tsx';
import { useApi } from './ActionsConfig.tsx';
import { fetchActionFormData } from './actionApi.ts';
import { ConfirmModal } from './ConfirmModal.tsx';
import { ConfirmDialog, SideDrawer } from './PanelFrames.tsx';

/** What opens an action: the entity's self link (e.g. `/organisation/123`), the action id and an optional title. */
export interface ActionPanelRef {
  self: string;
  actionId: string;
  /** Shown while the form loads (the definition's title replaces it). */
  title?: string;
  /** Told of the final success of the action (after any server-driven steps). */
  onSuccess?: (result: ActionResult) => void;
  /** Values the page knows (e.g. the market a new round belongs to), laid over the first step's initial values. */
  prefill?: Readonly<Record<string, unknown>>;
}

/** The question asked before a panel with changes closes, and its two answers. */
export const DISCARD_CHANGES = {
  title: 'Unsaved changes',
  text: 'Discard your changes?',
  discard: 'Discard',
  keepEditing: 'Keep editing',
} as const;

/** The default success toast: '{action title} succeeded' (SPEC 4 "Action dialog flow"). */
export const succeededMessage = (title: string): string => `${title} succeeded`;

type PanelState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; formData: ActionFormData; self: string };

/** Props of the panel of one opened action. */
export interface ActionPanelProps {
  target: ActionPanelRef;
  onClose: () => void;
  onSucceeded: (result: ActionResult) => void;
  navigate: (to: string) => void;
}

/**
 * The dialog of one opened action: loads `GET /api{self}/action/{actionId}`, redirects when the form data carries
 * `navigate`, otherwise shows the form in the right-hand drawer (or a confirm modal at most 800 wide); follows
 * `nextAction` and `previous` through server-driven steps; on success toasts and closes after 250 ms. Closing a
 * form with changes (Escape, Close/Cancel, a click outside) first asks 'Discard your changes?'.
 */
export function ActionPanel({ target, onClose, onSucceeded, navigate }: ActionPanelProps) {
  const client = useApi();
  const [location, setLocation] = useState({ self: target.self, actionId: target.actionId });
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const setDirty = useCallback((changed: boolean) => {
    dirty.current = changed;
  }, []);
  // Escape, Close/Cancel and a click outside all come here: changes are never lost without asking. Escape reaches
  // the panel's frame only (the question leaves it to the frame): pressed again while the question is open, it
  // answers 'Keep editing'. Two dialogs both listening would let one key press open the question and close it.
  const requestClose = () => {
    if (confirmingDiscard) setConfirmingDiscard(false);
    else if (dirty.current) setConfirmingDiscard(true);
    else onClose();
  };

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchActionFormData(client, location.self, location.actionId, controller.signal).then(
      (formData) => {
        if (formData.navigate !== undefined) {
          onClose();
          navigate(formData.navigate);
          return;
        }
        const first = location.self === target.self && location.actionId === target.actionId;
        const prefilled =
          first && target.prefill !== undefined
            ? { ...formData, initialValues: { ...formData.initialValues, ...target.prefill } }
            : formData;
        setState({ status: 'ready', formData: prefilled, self: location.self });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: failureText(error) });
      },
    );
    return () => controller.abort();
  }, [client, location, navigate, onClose, target]);

  const title = state.status === 'ready' ? state.formData.definition.title : (target.title ?? '');

  const succeeded = (result: ActionResult) => {
    if (result.nextAction !== undefined) {
      setLocation({ self: result.context?.self ?? location.self, actionId: result.nextAction.id });
      return;
    }
    dirty.current = false;
    showToast(result.message ?? succeededMessage(title), 'success');
    onSucceeded(result);
    if (result.navigate !== undefined) navigate(result.navigate);
    closeTimer.current = setTimeout(onClose, ACTION_PANEL_CLOSE_DELAY_MS);
  };

  let content: ReactNode;
  if (state.status === 'loading') content = <Loader role="status" aria-label="Loading the form" />;
  else if (state.status === 'failed')
    content = (
      <Alert color="red" role="alert" title="The form could not be loaded">
        {state.message}
      </Alert>
    );
  else
    content = (
      <ActionForm
        key={`${state.self}/action/${state.formData.definition.id}`}
        formData={state.formData}
        self={state.self}
        onSucceeded={succeeded}
        onCancel={requestClose}
        onDirtyChange={setDirty}
        onPrevious={(actionId) => setLocation({ self: state.self, actionId })}
      />
    );

  const discardQuestion = (
    <ConfirmModal
      opened={confirmingDiscard}
      title={DISCARD_CHANGES.title}
      text={DISCARD_CHANGES.text}
      confirmLabel={DISCARD_CHANGES.discard}
      cancelLabel={DISCARD_CHANGES.keepEditing}
      onConfirm={onClose}
      onCancel={() => setConfirmingDiscard(false)}
      closeOnEscape={false}
    />
  );
  if (state.status === 'ready' && state.formData.definition.modal) {
    return (
      <>
        <ConfirmDialog title={title} onClose={requestClose}>
          {content}
        </ConfirmDialog>
        {discardQuestion}
      </>
    );
  }
  return (
    <>
      <SideDrawer title={title} onClose={requestClose}>
        {content}
      </SideDrawer>
      {discardQuestion}
    </>
  );
}
