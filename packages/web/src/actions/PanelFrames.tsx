import { CONFIRM_MODAL_MAX_WIDTH } from '@curlew/domain';
import { Drawer, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface FrameProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

// Mantine draws a dialog's header as <header>, which assistive technology takes for a second page banner
// next to the app's own; the compound parts let the header be a plain <div>.

/** The right-hand side panel that action forms open in. */
export function SideDrawer({ title, onClose, children }: FrameProps) {
  return (
    <Drawer.Root opened onClose={onClose} position="right" size="lg">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close the dialog" />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

/** A centred confirm dialog, at most CONFIRM_MODAL_MAX_WIDTH wide (SPEC 2). */
export function ConfirmDialog({ title, onClose, children }: FrameProps) {
  return (
    <Modal.Root opened onClose={onClose} centered size={CONFIRM_MODAL_MAX_WIDTH}>
      <Modal.Overlay />
      <Modal.Content style={{ maxWidth: CONFIRM_MODAL_MAX_WIDTH }}>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close the dialog" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
