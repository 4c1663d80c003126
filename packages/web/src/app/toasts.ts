import { TOAST_LIFETIME_MS } from '@curlew/domain';
import { useSyncExternalStore } from 'react';

/** The kinds of toast, each with its colour. */
export type ToastType = 'success' | 'error' | 'info';

const TOAST_COLOURS = { success: 'teal', error: 'red', info: 'gray' } as const satisfies Record<
  ToastType,
  string
>;

// The toast host (and the notifications code) loads with the first toast, keeping it out of the first page load.
let hostWanted = false;
const hostListeners = new Set<() => void>();

const subscribeToHost = (listener: () => void) => {
  hostListeners.add(listener);
  return () => {
    hostListeners.delete(listener);
  };
};

/** Whether the toast host is needed yet: false until the first toast is shown. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(subscribeToHost, () => hostWanted);
}

/** Shows a toast (message and type) that vanishes after TOAST_LIFETIME_MS (SPEC 2). */
export function showToast(message: string, type: ToastType = 'info'): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  import('@mantine/notifications').then(
    ({ notifications }) => {
      notifications.show({ message, color: TOAST_COLOURS[type], autoClose: TOAST_LIFETIME_MS });
    },
    (error: unknown) => {
      console.error(`Could not show the message "${message}"`, error);
    },
  );
}
