import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A status as a badge that always shows its whole word: it never shrinks in a narrow table column. */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="filled"
      radius="sm"
      styles={{
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {children}
    </Badge>
  );
}
