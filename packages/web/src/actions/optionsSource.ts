import {
  type FieldOption,
  type FormValues,
  getPath,
  isBlank,
  OPTION_CACHE_TTL_MS,
  type OptionsSource,
} from '@curlew/domain';
import { apiAddress, apiRequest } from '../app/api.ts';

interface CachedOptions {
  loadedAt: number;
  options: readonly FieldOption[];
}

const cache = new Map<string, CachedOptions>();

/**
 * The API path of a source for the current values, or undefined while a field a required parameter comes from is
 * blank; an optional parameter (`optionalParams`) whose field is blank is left out of the query.
 */
export const optionsSourcePath = (source: OptionsSource, values: FormValues): string | undefined => {
  const query = new URLSearchParams();
  const add = (entries: readonly [string, string][], required: boolean): boolean => {
    for (const [param, fieldId] of entries) {
      const value = getPath(values, fieldId);
      if (isBlank(value)) {
        if (required) return false;
        continue;
      }
      for (const item of Array.isArray(value) ? value : [value]) query.append(param, String(item));
    }
    return true;
  };
  if (!add(Object.entries(source.params ?? {}), true)) return undefined;
  add(Object.entries(source.optionalParams ?? {}), false);
  const search = query.toString();
  if (search === '') return source.url;
  return `${source.url}${source.url.includes('?') ? '&' : '?'}${search}`;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values a record's option gives other fields when chosen (`source.fills`), if the record has them. */
const fillsOf = (
  row: Record<string, unknown>,
  source: OptionsSource,
): Readonly<Record<string, string>> | undefined => {
  if (source.fills === undefined) return undefined;
  const fills: Record<string, string> = {};
  for (const fill of source.fills) {
    const raw = getPath(row, fill.key);
    if (raw === undefined || raw === null) continue;
    const text = String(raw);
    fills[fill.fieldId] = fill.map?.[text] ?? text;
  }
  return Object.keys(fills).length === 0 ? undefined : fills;
};

/** Turns a list answer (an array, or an object with `items`) into options using the source's keys. */
export const optionsFromAnswer = (answer: unknown, source: OptionsSource): readonly FieldOption[] => {
  const rows = Array.isArray(answer)
    ? answer
    : isRecord(answer) && Array.isArray(answer.items)
      ? answer.items
      : [];
  return rows.flatMap((row): FieldOption[] => {
    if (!isRecord(row)) return [];
    const value = getPath(row, source.valueKey);
    const label = getPath(row, source.labelKey);
    if (value === undefined || value === null) return [];
    const option: FieldOption = {
      value: String(value),
      label: label === undefined || label === null ? String(value) : String(label),
    };
    const fills = fillsOf(row, source);
    return [fills === undefined ? option : { ...option, fills }];
  });
};

/**
 * Loads a source's options, cancelable through `signal`; answers are kept for 60 s per full address so fields
 * sharing a source (or reopened forms) do not load it again.
 */
export const loadOptions = async (
  apiBase: string,
  path: string,
  source: OptionsSource,
  signal: AbortSignal,
  now: () => number = Date.now,
): Promise<readonly FieldOption[]> => {
  const address = apiAddress(apiBase, path);
  const cached = cache.get(address);
  if (cached !== undefined && now() - cached.loadedAt < OPTION_CACHE_TTL_MS) return cached.options;
  const answer = await apiRequest<unknown>('GET', path, { apiBase, signal });
  const options = optionsFromAnswer(answer, source);
  cache.set(address, { loadedAt: now(), options });
  return options;
};

/** Forgets every cached option list (sign-out, tests). */
export const clearOptionsCache = (): void => {
  cache.clear();
};
