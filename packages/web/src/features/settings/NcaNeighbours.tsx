import type { NcaNeighbour, NcaNeighbourImportReport } from '@curlew/domain';
import { Alert, Anchor, Button, Group, List, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { showToast } from '../../app/toasts.ts';
import { asApiError, CsvImportPanel, ImportReportSummary } from './NcaImport.tsx';
import {
  type RefDataRecord,
  useNcaNeighbourImport,
  useNcaOptions,
  useSaveNcaNeighbours,
} from './refdataApi.ts';
import { refDataItemPath } from './refdataRoute.ts';

const neighboursOf = (nca: RefDataRecord): NcaNeighbour[] =>
  Array.isArray(nca.neighbours) ? (nca.neighbours as NcaNeighbour[]) : [];

/**
 * The NCAs sharing a boundary with an NCA (supply there counts at 0.75 in the statutory metric's spatial risk),
 * and the operator's choice of them; saving changes both sides of each pair.
 */
export function NcaNeighbours({ nca }: { nca: RefDataRecord }) {
  const stored = neighboursOf(nca);
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const options = useNcaOptions(editing);
  const save = useSaveNcaNeighbours(nca.id);
  const choices = useMemo(() => {
    const byNumber = new Map<string, string>();
    for (const item of options.data ?? []) byNumber.set(String(item.number), item.label);
    // Stored neighbours stay choosable even when inactive.
    for (const item of stored) byNumber.set(String(item.number), item.label);
    byNumber.delete(String(nca.number));
    return [...byNumber.entries()]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([value, label]) => ({ value, label }));
  }, [options.data, stored, nca.number]);
  const error = asApiError(save.error);
  const startEditing = () => {
    setChosen(stored.map((item) => String(item.number)));
    save.reset();
    setEditing(true);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Neighbouring NCAs
        </Title>
        <Text size="sm" c="dimmed">
          Supply in a neighbouring NCA counts at 0.75 in the statutory metric's spatial risk (1 in the same
          NCA, 0.5 further away).
        </Text>
        {stored.length === 0 ? (
          <Text size="sm">None recorded.</Text>
        ) : (
          <List size="sm" aria-label="Neighbouring NCAs">
            {stored.map((neighbour) => (
              <List.Item key={neighbour.id}>
                <Anchor component={Link} to={refDataItemPath('ncas', neighbour.id)}>
                  {neighbour.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
        {editing ? (
          <Stack gap="xs">
            <MultiSelect
              label="Neighbouring NCAs"
              description="The NCAs sharing a boundary with this one"
              data={choices}
              value={chosen}
              onChange={setChosen}
              searchable
              clearable
              nothingFoundMessage="No NCA matches"
              disabled={options.isPending}
              error={error?.fieldErrors.map((fieldError) => fieldError.message).join('; ') || undefined}
            />
            {options.isError ? (
              <Text size="sm" c="red" role="alert">
                The list of NCAs could not be loaded: only the stored neighbours can be kept.
              </Text>
            ) : null}
            {error && error.fieldErrors.length === 0 ? (
              <Alert color="red" title="The neighbours were not saved">
                {error.message}
              </Alert>
            ) : null}
            <Group>
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(chosen.map(Number), {
                    onSuccess: () => {
                      showToast('Neighbouring NCAs saved', 'success');
                      setEditing(false);
                    },
                  })
                }
              >
                Save neighbours
              </Button>
              <Button variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button variant="light" onClick={startEditing}>
              Edit neighbours
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

const OUTCOME_LABELS = { created: 'New', unchanged: 'Already known' } as const;

/** The per-line report of a successful neighbours import. */
export function NcaNeighbourImportSummary({ report }: { report: NcaNeighbourImportReport }) {
  return (
    <ImportReportSummary
      message={report.message}
      caption="Imported pairs"
      columns={['NCA', 'Neighbour']}
      rows={report.lines.map((line) => ({
        line: line.line,
        cells: [String(line.nca), String(line.neighbour), OUTCOME_LABELS[line.outcome]],
      }))}
    />
  );
}

/** Upload of neighbouring NCA pairs as a CSV with the columns nca and neighbour; shows a per-line report. */
export function NcaNeighbourImport() {
  return (
    <CsvImportPanel
      title="Import neighbouring NCAs"
      fileLabel="Neighbours file"
      upload={useNcaNeighbourImport()}
      summary={(report) => <NcaNeighbourImportSummary report={report} />}
    >
      A CSV file whose first line names the columns <code>nca</code> and <code>neighbour</code>, one pair of
      NCAs sharing a boundary per line, by Natural England number. A pair may be listed once or both ways;
      both NCAs must already exist. New pairs are added, none are removed; a file with any bad line imports
      nothing.
    </CsvImportPanel>
  );
}
