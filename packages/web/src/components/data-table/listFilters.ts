import { CREDIT_TYPE_LABELS, CREDIT_TYPES, type FieldOption, type OptionsSource } from '@curlew/domain';

/**
 * One filter of a list; `key` is the query parameter of the server's list (and of the page's address), so its
 * name and values are what the server's list query accepts.
 * - `select`: one value from fixed options (an enum) or from options loaded from a source (ids of records);
 * - `flag`: a yes/no box, `true` when ticked and absent otherwise.
 */
export type ListFilter<Key extends string = string> =
  | { kind: 'select'; key: Key; label: string; options: readonly FieldOption[] }
  | { kind: 'select'; key: Key; label: string; source: OptionsSource }
  | { kind: 'flag'; key: Key; label: string };

/** How a filter bar shows its choices: a compact native select with Any first, or a clearable dropdown. */
export type FilterControl = 'native' | 'dropdown';

/** The declared filters of a list: the filters in the order shown, and how the bar shows them. */
export interface ListFilters<Key extends string = string> {
  filters: readonly ListFilter<Key>[];
  /** The accessible name of the group of filters, e.g. 'Filter projects'. */
  label?: string;
  control?: FilterControl;
  /** Offers Clear filters while any filter is set. */
  clearable?: boolean;
}

/** The options of a filter from an enum and its labels, in the enum's order. */
export const optionsOf = <T extends string>(
  values: readonly T[],
  label: (value: T) => string,
): readonly FieldOption[] => values.map((value) => ({ value, label: label(value) }));

/** The rounds a list can be filtered by, newest first. */
export const ROUNDS_SOURCE: OptionsSource = {
  url: '/rounds?sort=createdAt&order=desc&page=1&pageSize=100',
  valueKey: 'id',
  labelKey: 'name',
};

/** The credit types a list can be filtered by. */
export const CREDIT_TYPE_OPTIONS = optionsOf(CREDIT_TYPES, (type) => CREDIT_TYPE_LABELS[type]);

/** The values of the filters to send to the server: the set ones under their keys (a flag only when ticked). */
export function filterQuery(
  filters: readonly ListFilter[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const filter of filters) {
    const value = values[filter.key] ?? '';
    if (filter.kind === 'flag' ? value === 'true' : value !== '') query[filter.key] = value;
  }
  return query;
}
