import { Button } from '@mantine/core';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';

/**
 * A CSV download of an activity list (the audit trail: when, who, what changed): `query` names a record
 * (`subjectType=&subjectId=`) or a whole round (`roundId=`), scoped by the server as the list itself.
 */
export function ActivityExport({
  query,
  filename,
  label,
}: {
  query: string;
  filename: string;
  label: string;
}) {
  const { apiBase } = useActionsConfig();
  return (
    <Button
      component="a"
      href={apiAddress(apiBase, `/activity?${query}&format=csv`)}
      download={`${filename}.csv`}
      variant="default"
      size="xs"
    >
      {label}
    </Button>
  );
}
