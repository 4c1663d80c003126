import { formatFileSize, RESTORE_CONFIRMATION, type SystemState } from '@curlew/domain';
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { showToast } from '../../app/toasts.ts';
import { SystemSection } from './SystemSection.tsx';
import { systemTime, useMakeBackup, useRestoreBackup, useSystemState } from './systemApi.ts';
import { TypedConfirmation } from './TypedConfirmation.tsx';

/** Why there is no Restore button, and how to restore instead. */
const noRestoreText = (state: SystemState): string =>
  state.resetAllowed
    ? 'The embedded database is restored with the server stopped: npm run restore -- <backup file>.'
    : "Restoring from the System page is turned off in production (NODE_ENV=production): it would replace the market's data. Stop the server and run npm run restore -- <backup file>.";

/** What the server keeps by itself. */
const scheduleText = (backups: SystemState['backups']): string =>
  backups.daily
    ? `The server makes a backup every day and keeps the latest ${backups.keep} daily ones.`
    : 'The server makes no daily backup: make one here or with npm run backup.';

/** Restoring one backup, behind a typed confirmation. */
function RestoreDialog({ name, onClose }: { name: string | null; onClose(): void }) {
  const restore = useRestoreBackup();
  const close = () => {
    restore.reset();
    onClose();
  };
  return (
    <Modal opened={name !== null} onClose={close} title={`Restore ${name ?? ''}`} centered>
      <Stack gap="sm">
        <Text>
          The database goes back to this backup: everything written since is lost, and everyone, you included,
          signs in again.
        </Text>
        {restore.data ? (
          <Alert color="teal">{restore.data.message}</Alert>
        ) : (
          <TypedConfirmation
            word={RESTORE_CONFIRMATION}
            action="Restore this backup"
            busy={restore.isPending}
            onCancel={close}
            onConfirm={() =>
              name !== null &&
              restore.mutate(name, {
                onSuccess: (answer) => showToast(answer.message, 'success'),
                onError: (error) => showToast(error.message, 'error'),
              })
            }
          />
        )}
      </Stack>
    </Modal>
  );
}

/** Backups: make one now, download each, and restore one outside production on PostgreSQL. */
export function BackupsSection() {
  const state = useSystemState();
  const make = useMakeBackup();
  const { apiBase } = useActionsConfig();
  const [restoring, setRestoring] = useState<string | null>(null);
  const answer = state.data;
  const items = answer?.backups.items;
  const makeBackup = () =>
    make.mutate(undefined, {
      onSuccess: (backup) => showToast(`Backup ${backup.name} made`, 'success'),
      onError: (error) => showToast(error.message, 'error'),
    });
  return (
    <SystemSection
      id="backups"
      title="Backups"
      what="the backups"
      loading={state.isPending}
      error={state.error}
    >
      {answer ? (
        <>
          <Text>{scheduleText(answer.backups)}</Text>
          <Group>
            <Button onClick={makeBackup} loading={make.isPending}>
              Make a backup
            </Button>
          </Group>
        </>
      ) : null}
      {items && items.length === 0 ? <Text>No backups yet.</Text> : null}
      {answer && items && items.length > 0 ? (
        <Table.ScrollContainer minWidth={600}>
          <Table striped captionSide="top" verticalSpacing="sm">
            <Table.Caption>Backups, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Backup</Table.Th>
                <Table.Th>Made</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((backup) => (
                <Table.Tr key={backup.name}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{backup.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{systemTime(backup.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(backup.bytes)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor
                        href={apiAddress(
                          apiBase,
                          `/api/system/backups/${encodeURIComponent(backup.name)}/download`,
                        )}
                        download={backup.name}
                        aria-label={`Download ${backup.name}`}
                      >
                        Download
                      </Anchor>
                      {answer.backups.restoreHere ? (
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => setRestoring(backup.name)}
                          aria-label={`Restore ${backup.name}`}
                        >
                          Restore
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {answer && !answer.backups.restoreHere ? <Text size="sm">{noRestoreText(answer)}</Text> : null}
      <RestoreDialog name={restoring} onClose={() => setRestoring(null)} />
    </SystemSection>
  );
}
