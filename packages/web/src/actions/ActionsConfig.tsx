import { createContext, useContext } from 'react';

/** Settings of the action machinery. */
export interface ActionsConfigValue {
  /** Origin the `/api` calls go to; '' means the page's own origin. */
  apiBase: string;
}

/** Provides the action machinery's settings (the API origin) to forms and fields. */
export const ActionsConfigContext = createContext<ActionsConfigValue>({ apiBase: '' });

/** The action machinery's settings. */
export function useActionsConfig(): ActionsConfigValue {
  return useContext(ActionsConfigContext);
}
