import {
  documentKindLabel,
  type EntityAction,
  type FileView,
  fileDownloadPath,
  formatDate,
  formatFileSize,
  type OwnerRef,
  replaceDocumentAction,
} from '@curlew/domain';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useActionPanel } from '../../actions/ActionPanelProvider.tsx';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { activityQueryKey } from '../activity/activityApi.ts';
import { DISPLAY_TIME_ZONE } from '../activity/display.ts';
import { FileTypeBadge } from './FileTypeBadge.tsx';
import { filesQueryKey, useOwnerFiles } from './filesApi.ts';

/** Props of the file list. */
export interface FileListProps {
  owner: OwnerRef;
  /** The owner's self link (`/project/123`), where 'Replace document' runs. */
  self: string;
  /** The owner's actions for the signed-in user: 'Replace document' shows only when the server lists it. */
  actions?: readonly EntityAction[];
  title?: string;
}

function FileRow({ file }: { file: FileView }) {
  const { apiBase } = useActionsConfig();
  return (
    <Table.Tr>
      <Table.Td>
        <FileTypeBadge type={file.fileType} />
      </Table.Td>
      <Table.Td>
        <Anchor href={apiAddress(apiBase, fileDownloadPath(file))} download={file.filename}>
          {file.filename}
        </Anchor>
      </Table.Td>
      <Table.Td>{documentKindLabel(file.tag)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={file.uploadedAt}>{formatDate(file.uploadedAt, { timeZone: DISPLAY_TIME_ZONE })}</time>
      </Table.Td>
      <Table.Td>{file.uploadedBy?.displayName ?? ''}</Table.Td>
    </Table.Tr>
  );
}

function ReplaceDocumentButton({
  action,
  self,
  owner,
}: {
  action: EntityAction;
  self: string;
  owner: OwnerRef;
}) {
  const panel = useActionPanel();
  const queryClient = useQueryClient();
  const button = (
    <Button
      variant="default"
      size="xs"
      disabled={!action.enabled}
      onClick={() =>
        panel.open({
          self,
          actionId: action.id,
          title: action.title,
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: filesQueryKey(owner) });
            void queryClient.invalidateQueries({
              queryKey: activityQueryKey({ subjectType: owner.ownerType, subjectId: owner.ownerId }),
            });
          },
        })
      }
    >
      {action.title}
    </Button>
  );
  return action.enabled || action.reason === undefined ? (
    button
  ) : (
    <Tooltip label={action.reason}>{button}</Tooltip>
  );
}

/**
 * An entity's current documents: type, name (a download link), kind, size in Kb/Mb, upload date and uploader, with
 * the 'Replace document' action when the server offers it; loading, empty and error states included.
 */
export function FileList({ owner, self, actions = [], title = 'Documents' }: FileListProps) {
  const headingId = useId();
  const files = useOwnerFiles(owner);
  const replace = actions.find((action) => action.id === replaceDocumentAction.id);
  let body: ReactNode;
  if (files.isPending) body = <Loader size="sm" aria-label="Loading documents" />;
  else if (files.isError) {
    body = (
      <Alert color="red" title="The documents could not be loaded">
        {files.error.message}
      </Alert>
    );
  } else if (files.data.items.length === 0) body = <Text c="dimmed">No documents yet</Text>;
  else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-labelledby={headingId} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>File</Table.Th>
              <Table.Th>Document</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Uploaded</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.data.items.map((file) => (
              <FileRow key={file.id} file={file} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {replace !== undefined && <ReplaceDocumentButton action={replace} self={self} owner={owner} />}
      </Group>
      {body}
    </Stack>
  );
}
