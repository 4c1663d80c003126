import type { FieldOption, OptionsSource } from '@curlew/domain';
import { Button, Checkbox, Group, NativeSelect, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFieldOptions } from '../../actions/useFieldOptions.ts';
import type { FilterControl, ListFilter } from './listFilters.ts';
import { SearchBox } from './SearchBox.tsx';
import type { ListFilterState } from './useAddressFilters.ts';
import type { ListControls } from './useListState.ts';

const NO_VALUES = {};

interface ChoiceProps {
  label: string;
  value: string;
  options?: readonly FieldOption[];
  source?: OptionsSource;
  onChange: (value: string) => void;
}

/** A compact native select with Any first; a value the options do not hold (yet) stays shown. */
function NativeChoice({ label, value, options, source, onChange }: ChoiceProps) {
  const loaded = useFieldOptions(options, source, NO_VALUES);
  const known = loaded.options.some((option) => option.value === value);
  return (
    <NativeSelect
      label={label}
      size="xs"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      aria-busy={loaded.loading}
      data={[
        { value: '', label: 'Any' },
        ...loaded.options.map((option) => ({ value: option.value, label: option.label })),
        ...(value !== '' && !known ? [{ value, label: loaded.loading ? 'Loading…' : 'Chosen earlier' }] : []),
      ]}
    />
  );
}

/** A clearable dropdown with Any as its placeholder. */
function DropdownChoice({ label, value, options, source, onChange }: ChoiceProps) {
  const loaded = useFieldOptions(options, source, NO_VALUES);
  return (
    <Select
      label={label}
      placeholder="Any"
      data={loaded.options.map((option) => ({ value: option.value, label: option.label }))}
      value={value === '' ? null : value}
      onChange={(chosen) => onChange(chosen ?? '')}
      clearable
      size="sm"
    />
  );
}

function FilterInput({
  filter,
  control,
  value,
  onChange,
}: {
  filter: ListFilter;
  control: FilterControl;
  value: string;
  onChange: (value: string) => void;
}) {
  if (filter.kind === 'flag')
    return (
      <Checkbox
        label={filter.label}
        checked={value === 'true'}
        onChange={(event) => onChange(event.currentTarget.checked ? 'true' : '')}
      />
    );
  const Choice = control === 'native' ? NativeChoice : DropdownChoice;
  return (
    <Choice
      label={filter.label}
      value={value}
      {...('options' in filter ? { options: filter.options } : { source: filter.source })}
      onChange={onChange}
    />
  );
}

/** Props of the filter bar. */
export interface FilterBarProps {
  list: ListControls;
  /** Shows a search box with this label (the server searches by `q`). */
  searchLabel?: string | undefined;
  /** A hint inside the search box, e.g. what it searches. */
  searchPlaceholder?: string;
  /** The list's declared filters and their state in the address (`useListFilters`). */
  filters?: ListFilterState | undefined;
  /** Controls shown beside the search box (exports, create buttons). */
  toolbar?: ReactNode;
}

/**
 * The filters of a list, as its declaration says: a row of filters (choices and yes/no boxes, with Clear filters
 * when declared), then the search box with the list's toolbar beside it. Every value lives in the address.
 */
export function FilterBar({ list, searchLabel, searchPlaceholder, filters, toolbar }: FilterBarProps) {
  const declared = filters?.declaration;
  return (
    <>
      {filters !== undefined && declared !== undefined && declared.filters.length > 0 && (
        <Group
          gap="sm"
          align="flex-end"
          wrap="wrap"
          {...(declared.label === undefined ? {} : { role: 'group', 'aria-label': declared.label })}
        >
          {declared.filters.map((filter) => (
            <FilterInput
              key={filter.key}
              filter={filter}
              control={declared.control ?? 'native'}
              value={filters.filters[filter.key] ?? ''}
              onChange={(value) => filters.setFilter(filter.key, value)}
            />
          ))}
          {declared.clearable === true && filters.filtered && (
            <Button size="xs" variant="subtle" onClick={filters.clear}>
              Clear filters
            </Button>
          )}
        </Group>
      )}
      {(searchLabel !== undefined || toolbar !== undefined) && (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          {searchLabel !== undefined ? (
            <SearchBox label={searchLabel} placeholder={searchPlaceholder} list={list} />
          ) : (
            <span />
          )}
          {toolbar !== undefined && <Group gap="xs">{toolbar}</Group>}
        </Group>
      )}
    </>
  );
}
