import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Shows its children once the page around them has painted, rendering them in a transition the browser may
 * interrupt: the top of a long record page appears without waiting for the sections further down.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
