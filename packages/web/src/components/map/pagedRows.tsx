import { formatNumber } from '@curlew/domain';
import { Group, Pagination, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';

/** How many places, flows or table rows beside a map are shown at a time. */
export const MAP_PAGE_SIZE = 50;

/**
 * One page at a time of a list or table beside a map, so a round of thousands of records opens quickly; every row
 * is still reached by the pager (a keyboard moves through its page buttons). `what` names the rows in the pager's
 * words ("Places", "Rows"). Answers the page's rows and the pager (nothing when everything fits on one page).
 */
export function usePagedRows<T>(
  rows: readonly T[],
  what: string,
  pageSize = MAP_PAGE_SIZE,
): { shown: readonly T[]; pager: ReactNode } {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  // Fewer rows after a filter: the last page there is.
  const current = Math.min(page, pages);
  const from = (current - 1) * pageSize;
  const shown = useMemo(() => rows.slice(from, from + pageSize), [rows, from, pageSize]);
  if (pages === 1) return { shown, pager: null };
  const to = Math.min(rows.length, from + pageSize);
  return {
    shown,
    pager: (
      <Group component="nav" aria-label={`Pages of ${what.toLowerCase()}`} gap="sm">
        <Text size="sm" aria-live="polite">
          {what} {formatNumber(from + 1)}–{formatNumber(to)} of {formatNumber(rows.length)}
        </Text>
        <Pagination
          size="sm"
          total={pages}
          value={current}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
    ),
  };
}
