import { type FieldOption, type FormValues, type OptionsSource, offeredOptions } from '@curlew/domain';
import { useEffect, useMemo, useState } from 'react';
import { useActionsConfig } from './ActionsConfig.tsx';
import { loadOptions, optionsSourcePath } from './optionsSource.ts';

/** Options of a Select field with their loading state. */
export interface FieldOptionsState {
  options: readonly FieldOption[];
  loading: boolean;
  error: string | undefined;
}

const NO_OPTIONS: readonly FieldOption[] = [];

/**
 * The options of a choice field: the server's (from the form data) first, else the field's own, else loaded from
 * its source for the current values; fixed options with conditions only while they hold for the current values; a load still running is cancelled when the address changes or the field goes.
 */
export function useFieldOptions(
  fixed: readonly FieldOption[] | undefined,
  source: OptionsSource | undefined,
  values: FormValues,
): FieldOptionsState {
  const { apiBase } = useActionsConfig();
  const path = fixed === undefined && source !== undefined ? optionsSourcePath(source, values) : undefined;
  const [loaded, setLoaded] = useState<{ path: string; options: readonly FieldOption[] } | undefined>();
  const [error, setError] = useState<{ path: string; message: string } | undefined>();
  const offered = useMemo(
    () => (fixed === undefined ? undefined : offeredOptions(fixed, values)),
    [fixed, values],
  );

  useEffect(() => {
    if (path === undefined || source === undefined) return;
    const controller = new AbortController();
    loadOptions(apiBase, path, source, controller.signal).then(
      (options) => setLoaded({ path, options }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError({ path, message: failure instanceof Error ? failure.message : String(failure) });
      },
    );
    return () => controller.abort();
  }, [apiBase, path, source]);

  if (offered !== undefined) return { options: offered, loading: false, error: undefined };
  if (path === undefined) return { options: NO_OPTIONS, loading: false, error: undefined };
  const current = loaded?.path === path ? loaded.options : undefined;
  const currentError = error?.path === path ? error.message : undefined;
  return {
    options: current ?? NO_OPTIONS,
    loading: current === undefined && currentError === undefined,
    error: currentError,
  };
}
