import type { FormGroup } from '@curlew/domain';
import { Collapse, Fieldset, Stack, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

/**
 * A group of fields. Collapsible by default, starting open only with `defaultOpen`; a non-collapsible group is
 * always open and has no toggle.
 */
export function FormGroupSection({ group, children }: { group: FormGroup; children: ReactNode }) {
  const collapsible = group.collapsible ?? true;
  const [open, setOpen] = useState(group.defaultOpen === true);
  const contentId = useId();
  const shown = !collapsible || open;
  const legend = collapsible ? (
    <UnstyledButton
      aria-expanded={open}
      aria-controls={contentId}
      onClick={() => setOpen((was) => !was)}
      fw={600}
    >
      {open ? '▾' : '▸'} {group.label ?? group.id}
    </UnstyledButton>
  ) : (
    <Text component="span" fw={600}>
      {group.label ?? group.id}
    </Text>
  );
  return (
    <Fieldset legend={legend} data-group={group.id}>
      {group.description !== undefined && (
        <Text size="sm" c="dimmed" mb="xs">
          {group.description}
        </Text>
      )}
      <Collapse expanded={shown} id={contentId} transitionDuration={0}>
        <Stack gap="sm">{children}</Stack>
      </Collapse>
    </Fieldset>
  );
}
