import type { FieldDefinition } from '@curlew/domain';
import { ActionIcon, Badge, Group, Popover, Text } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { plainTextOf, SafeHtml } from './SafeHtml.tsx';

/** The plain-text name of a field: its label, else its HTML label as text, else its id. */
export const fieldName = (field: Pick<FieldDefinition, 'id' | 'label' | 'htmlLabel'>): string =>
  field.htmlLabel !== undefined ? plainTextOf(field.htmlLabel) : (field.label ?? field.id);

/** The visible label content: the safe HTML label or the plain label, then the 'optional' tag. */
export function LabelContent({ field }: { field: FieldDefinition }) {
  return (
    <>
      {field.htmlLabel !== undefined ? <SafeHtml html={field.htmlLabel} /> : field.label}
      {field.optional === true && (
        <Badge component="span" size="xs" variant="light" color="gray" ml={6} tt="none">
          optional
        </Badge>
      )}
    </>
  );
}

/**
 * The help button of a field: opens its hint (safe HTML) in a popup. Escape closes the popup only: it goes no
 * further, so the side panel around the form stays open with what was typed.
 */
export function HintPopover({ field }: { field: FieldDefinition }) {
  const [opened, setOpened] = useState(false);
  if (field.hint === undefined) return null;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !opened) return;
    event.stopPropagation();
    setOpened(false);
  };
  return (
    <Popover
      width={320}
      withArrow
      shadow="md"
      position="top"
      opened={opened}
      onChange={setOpened}
      closeOnEscape={false}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          radius="xl"
          aria-label={`Help: ${fieldName(field)}`}
          aria-expanded={opened}
          onClick={() => setOpened((current) => !current)}
          onKeyDown={closeOnEscape}
        >
          ?
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onKeyDown={closeOnEscape}>
        <Text size="sm" component="div">
          <SafeHtml html={field.hint} />
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A field's label row: the label (a `<label>` for one control, else a text referenced by id) and its help. */
export function FieldLabel({
  field,
  labelId,
  htmlFor,
  extra,
}: {
  field: FieldDefinition;
  labelId: string;
  htmlFor: string | undefined;
  extra?: ReactNode;
}) {
  const hasLabel = field.label !== undefined || field.htmlLabel !== undefined;
  return (
    <Group gap={4} wrap="nowrap">
      {hasLabel &&
        (htmlFor !== undefined ? (
          <Text component="label" htmlFor={htmlFor} id={labelId} size="sm" fw={500}>
            <LabelContent field={field} />
          </Text>
        ) : (
          <Text component="div" id={labelId} size="sm" fw={500}>
            <LabelContent field={field} />
          </Text>
        ))}
      <HintPopover field={field} />
      {extra}
    </Group>
  );
}
