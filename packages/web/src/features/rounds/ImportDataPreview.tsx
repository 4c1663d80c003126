import {
  type FormValues,
  formatGBP,
  IMPORT_DATA_FILE_FIELDS,
  type ImportDataFile,
  importData,
  importDataPreviewPath,
  type ImportDataPreview as Preview,
  ROUND_ENTITY,
} from '@curlew/domain';
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { isChosenFile, submissionBody } from '../../actions/actionApi.ts';
import { type FormExtraProps, registerFormExtra } from '../../actions/formExtras.ts';
import { ApiError } from '../../app/api.ts';

const FILE_LABELS = Object.fromEntries(importData.fields.map((field) => [field.id, field.label])) as Record<
  ImportDataFile,
  string
>;

/** What the files and choices are: a checked preview is shown only while they stay the same. */
const signatureOf = (values: FormValues): string =>
  JSON.stringify([
    values.bidderType,
    values.creditType,
    ...IMPORT_DATA_FILE_FIELDS.map((id) => {
      const file = values[id];
      return isChosenFile(file) ? [file.name, file.size, file.lastModified] : null;
    }),
  ]);

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatGBP(value);

/** The rows with problems: file, row, column and why, in a table a person reads down. */
function ProblemsTable({ preview }: { preview: Preview }) {
  return (
    <Table aria-label="Rows with problems" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">File</Table.Th>
          <Table.Th scope="col">Row</Table.Th>
          <Table.Th scope="col">Column</Table.Th>
          <Table.Th scope="col">Problem</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.errors.map((error) => (
          <Table.Tr key={`${error.file}-${error.sheet}-${error.row}-${error.column}-${error.message}`}>
            <Table.Td>
              {FILE_LABELS[error.file]}
              {error.sheet ? ` (${error.sheet} sheet)` : ''}
            </Table.Td>
            <Table.Td>{error.row ?? 'Whole file'}</Table.Td>
            <Table.Td>{error.column ?? '—'}</Table.Td>
            <Table.Td>{error.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The offers and bids the import would set, each beside the one it replaces. */
function ChangesTables({ preview }: { preview: Preview }) {
  return (
    <>
      {preview.offers.length > 0 && (
        <Table aria-label="Offers to set">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Project</Table.Th>
              <Table.Th scope="col">Supplier</Table.Th>
              <Table.Th scope="col">Offer</Table.Th>
              <Table.Th scope="col">Now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.offers.map((change) => (
              <Table.Tr key={change.project.id}>
                <Table.Td>{change.project.name}</Table.Td>
                <Table.Td>{change.supplier}</Table.Td>
                <Table.Td>{money(change.offer)}</Table.Td>
                <Table.Td>{money(change.before)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {preview.bids.length > 0 && (
        <Table aria-label="Bids to set">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Requirement</Table.Th>
              <Table.Th scope="col">Bidder</Table.Th>
              <Table.Th scope="col">Bid</Table.Th>
              <Table.Th scope="col">Ongoing units only</Table.Th>
              <Table.Th scope="col">Now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.bids.map((change) => (
              <Table.Tr key={change.requirement.id}>
                <Table.Td>{change.requirement.name}</Table.Td>
                <Table.Td>{change.bidder}</Table.Td>
                <Table.Td>{money(change.bid)}</Table.Td>
                <Table.Td>{money(change.bidOngoingOnly)}</Table.Td>
                <Table.Td>{money(change.before?.bid)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Under ImportData's fields: "Check the files" sends them to the preview (nothing is saved) and shows what the import
 * would set and every row's problem; Import saves all of it or, while a row has a problem, nothing.
 */
function ImportDataPreviewExtra({ values, self }: FormExtraProps) {
  const api = useApi();
  const [checked, setChecked] = useState<{ signature: string; preview: Preview } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const signature = signatureOf(values);
  const roundId = self.split('/').filter(Boolean)[1] ?? '';
  const body = submissionBody(values, IMPORT_DATA_FILE_FIELDS);
  if (!('form' in body)) return null;
  const check = async () => {
    setLoading(true);
    setFailure(null);
    try {
      const preview = await api.postForm<Preview>(importDataPreviewPath(roundId), body.form);
      setChecked({ signature, preview });
    } catch (error) {
      setChecked(null);
      setFailure(error instanceof ApiError ? error.message : 'The files could not be checked');
    } finally {
      setLoading(false);
    }
  };
  const preview = checked?.signature === signature ? checked.preview : null;
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        onClick={() => void check()}
        loading={loading}
        style={{ alignSelf: 'flex-start' }}
      >
        Check the files
      </Button>
      {failure !== null && (
        <Alert color="red" title="Not checked">
          {failure}
        </Alert>
      )}
      {preview !== null && (
        <Stack gap="xs" aria-live="polite">
          <Text size="sm">
            {count(preview.rows, 'row', 'rows')} read: {count(preview.offers.length, 'offer', 'offers')} and{' '}
            {count(preview.bids.length, 'bid', 'bids')} to set, {count(preview.unchanged, 'row', 'rows')} left
            as they are.
          </Text>
          {preview.errors.length > 0 ? (
            <>
              <Text size="sm" c="var(--mantine-color-error)">
                {count(preview.errors.length, 'problem', 'problems')}: nothing will be imported until they are
                put right.
              </Text>
              <ProblemsTable preview={preview} />
            </>
          ) : (
            <ChangesTables preview={preview} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

registerFormExtra(ROUND_ENTITY, [importData.id], ImportDataPreviewExtra);
