import { CONFIRM_MODAL_MAX_WIDTH } from '@curlew/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Props of a confirm modal. */
export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Text of the button that goes back (default 'Cancel'). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A centred yes/cancel question, at most 800 wide (SPEC 2 "Action dialogs"). */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      size={CONFIRM_MODAL_MAX_WIDTH}
      styles={{ content: { maxWidth: CONFIRM_MODAL_MAX_WIDTH } }}
    >
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
