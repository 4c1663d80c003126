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
  /** Whether Escape answers Cancel (default true); off when the dialog behind the question handles Escape. */
  closeOnEscape?: boolean;
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
  closeOnEscape = true,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeOnEscape={closeOnEscape}
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
