import { createContext, useContext, useMemo } from 'react';
import { type ApiClient, createApiClient } from '../app/api.ts';

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

/** The API client of the components below (the page's own origin unless a provider names another). */
export function useApi(): ApiClient {
  const { apiBase } = useActionsConfig();
  return useMemo(() => createApiClient(apiBase), [apiBase]);
}
