import { Button } from '@mantine/core';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { exportQueryString, type ListState } from './listState.ts';

/** The export formats every declared list answers (`format=csv|xlsx` on its own address, same filters and scope). */
const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The address of a list's export: its API path with its filters, search and sort, no paging, and the format. */
const exportAddress = (
  apiBase: string,
  path: string,
  state: ListState,
  filters: Readonly<Record<string, string | undefined>>,
  format: ExportFormat,
): string => apiAddress(apiBase, `${path}?${exportQueryString(state, filters, format)}`);

/**
 * A list's export links, one per format: each downloads every row the list's current filters match in the reader's
 * scope (up to the server's cap; a last row says when the cap cut it) as `{filename}.{format}`. `path` is the list's
 * API path (`/projects`), `state` and `filters` what the list shows now.
 */
export function ExportButtons({
  path,
  state,
  filters = {},
  filename,
  size = 'sm',
}: {
  path: string;
  state: ListState;
  filters?: Readonly<Record<string, string | undefined>>;
  filename: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { apiBase } = useActionsConfig();
  return (
    <>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          component="a"
          href={exportAddress(apiBase, path, state, filters, format)}
          download={`${filename}.${format}`}
          variant="default"
          size={size}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
