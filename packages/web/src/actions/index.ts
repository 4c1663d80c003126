export { ActionForm, type ActionFormProps } from './ActionForm.tsx';
export type { ActionPanelRef } from './ActionPanel.tsx';
export {
  type ActionPanelControls,
  ActionPanelProvider,
  type ActionPanelProviderProps,
  useActionPanel,
} from './ActionPanelProvider.tsx';
export { ActionsConfigContext, useApi } from './ActionsConfig.tsx';
export { ConfirmModal } from './ConfirmModal.tsx';
export { clearOptionsCache } from './optionsSource.ts';
export { findActionDefinition, registerActions } from './registry.ts';
export { RICH_TEXT_ERROR_TEXT, RichTextErrorBoundary } from './richtext/RichTextErrorBoundary.tsx';
export { plainTextOf, SafeHtml } from './SafeHtml.tsx';
