import type { FieldError, NcaImportReport } from '@curlew/domain';
import { Alert, Button, FileInput, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { useNcaImport } from './refdataApi.ts';

/** An upload's failure as an API error (a network failure has no status). */
export const asApiError = (error: unknown): ApiError | null =>
  error instanceof ApiError ? error : error ? new ApiError(String(error), 0) : null;

/** One line's problems in an import report: 'Line 4: number: Must be a whole number greater than 0'. */
export function describeImportError(error: FieldError): string {
  const match = /^lines\.(\d+)(?:\.(.+))?$/.exec(error.path);
  if (!match) return error.message;
  const [, line, column] = match;
  return column ? `Line ${line}, ${column}: ${error.message}` : `Line ${line}: ${error.message}`;
}

const OUTCOME_LABELS = { created: 'Created', updated: 'Renamed', unchanged: 'Unchanged' } as const;

/** A successful import's message and its per-line table (the line number first, the outcome last). */
export function ImportReportSummary({
  message,
  caption,
  columns,
  rows,
}: {
  message: string;
  caption: string;
  columns: readonly string[];
  rows: readonly { line: number; cells: readonly string[] }[];
}) {
  return (
    <Stack gap="xs">
      <Alert color="teal" title="Import finished">
        {message}
      </Alert>
      <Table.ScrollContainer minWidth={400}>
        <Table striped captionSide="top">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {['Line', ...columns, 'Result'].map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.line}>
                {[String(row.line), ...row.cells].map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                  <Table.Td key={i}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The per-line report of a successful import. */
export function NcaImportSummary({ report }: { report: NcaImportReport }) {
  return (
    <ImportReportSummary
      message={report.message}
      caption="Imported lines"
      columns={['Number', 'Name']}
      rows={report.lines.map((line) => ({
        line: line.line,
        cells: [String(line.number), line.name, OUTCOME_LABELS[line.outcome]],
      }))}
    />
  );
}

/** The errors of a refused import, one per line and column. */
export function NcaImportErrors({ error }: { error: ApiError }) {
  return (
    <Alert color="red" title={error.message}>
      {error.fieldErrors.length > 0 ? (
        <List size="sm">
          {error.fieldErrors.map((fieldError) => (
            <List.Item key={`${fieldError.path}:${fieldError.message}`}>
              {describeImportError(fieldError)}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

/** An import's upload: the file as CSV; its report, or the error that refused it. */
type CsvUpload<Report> = Pick<
  UseMutationResult<Report, Error, File>,
  'mutate' | 'reset' | 'isPending' | 'data' | 'error'
>;

/**
 * A CSV import: its title, what the file must hold, a file input and Import; then the refused lines or the
 * per-line report of the import.
 */
export function CsvImportPanel<Report>({
  title,
  fileLabel,
  upload,
  summary,
  children,
}: {
  title: string;
  fileLabel: string;
  upload: CsvUpload<Report>;
  summary: (report: Report) => ReactNode;
  children: ReactNode;
}) {
  const [file, setFile] = useState<File | null>(null);
  const error = asApiError(upload.error);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm">{children}</Text>
        <Group align="flex-end">
          <FileInput
            label={fileLabel}
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(next) => {
              setFile(next);
              upload.reset();
            }}
            clearable
          />
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            Import
          </Button>
        </Group>
        {error ? <NcaImportErrors error={error} /> : null}
        {upload.data ? summary(upload.data) : null}
      </Stack>
    </Paper>
  );
}

/** Upload of National Character Areas as a CSV with the columns number and name; shows a per-line report. */
export function NcaImport() {
  return (
    <CsvImportPanel
      title="Import National Character Areas"
      fileLabel="NCA file"
      upload={useNcaImport()}
      summary={(report) => <NcaImportSummary report={report} />}
    >
      A CSV file whose first line names the columns <code>number</code> and <code>name</code>, one NCA per
      line with its Natural England number. New numbers are added, changed names are updated; a file with any
      bad line imports nothing.
    </CsvImportPanel>
  );
}
