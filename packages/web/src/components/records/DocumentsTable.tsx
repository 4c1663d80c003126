import {
  DISPLAY_TIME_ZONE,
  documentKindLabel,
  fileDownloadPath,
  formatDate,
  type RecordDocument,
} from '@curlew/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';

/** A record's current documents, each a download with its kind and the day it was uploaded; a line when none. */
export function DocumentsTable({
  documents,
  ownerType,
  ownerId,
}: {
  documents: readonly RecordDocument[];
  ownerType: string;
  ownerId: string;
}) {
  const { apiBase } = useActionsConfig();
  if (documents.length === 0) return <Text size="sm">No documents yet.</Text>;
  return (
    <Table aria-label="Documents" withTableBorder verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Document</Table.Th>
          <Table.Th>File</Table.Th>
          <Table.Th>Uploaded</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {documents.map((document) => (
          <Table.Tr key={`${document.tag}:${document.fileId}`}>
            <Table.Td>{documentKindLabel(document.tag)}</Table.Td>
            <Table.Td>
              <Anchor
                size="sm"
                href={apiAddress(apiBase, fileDownloadPath({ id: document.fileId, ownerType, ownerId }))}
                download={document.name}
              >
                {document.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <time dateTime={document.uploadedAt}>
                {formatDate(document.uploadedAt, { timeZone: DISPLAY_TIME_ZONE })}
              </time>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
