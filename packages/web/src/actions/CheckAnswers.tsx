import {
  type DeclarationPrompt,
  type FieldDefinition,
  type FieldOption,
  type FormValues,
  getPath,
} from '@curlew/domain';
import { Anchor, Box, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import type { Ref } from 'react';
import { fieldName } from './FieldLabel.tsx';
import { displayedValue } from './formatValue.ts';
import { useFieldOptions } from './useFieldOptions.ts';

/** Heading of the step that checks the answers before an action that cannot be undone. */
export const CHECK_ANSWERS_TITLE = 'Check your answers';
/** Text of the link from an answer back to its field. */
const CHANGE_LABEL = 'Change';
/** What a blank optional answer reads. */
export const NOT_GIVEN = 'Not given';
/** What an agreed declaration reads. */
const AGREED = 'Agreed';

/** One line: the question, the answer as the app formats it, and its Change link. */
function AnswerRow({
  name,
  answer,
  onChange,
}: {
  name: string;
  answer: string | undefined;
  onChange: () => void;
}) {
  return (
    <Group
      component="div"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Box component="dt" fw={500} fz="sm" style={{ flex: '0 0 40%' }}>
        {name}
      </Box>
      <Box
        component="dd"
        m={0}
        fz="sm"
        style={{ flex: 1, whiteSpace: 'pre-wrap' }}
        c={answer ? undefined : 'dimmed'}
      >
        {answer ?? NOT_GIVEN}
      </Box>
      <Box component="dd" m={0}>
        <Anchor component="button" type="button" size="sm" onClick={onChange}>
          {CHANGE_LABEL}
          <VisuallyHidden> {name}</VisuallyHidden>
        </Anchor>
      </Box>
    </Group>
  );
}

/** A field's line, its option labels loaded as the field loads them (answered from the same cache). */
function FieldAnswer({
  field,
  values,
  serverOptions,
  onChange,
}: {
  field: FieldDefinition;
  values: FormValues;
  serverOptions: readonly FieldOption[] | undefined;
  onChange: (fieldId: string) => void;
}) {
  const { options } = useFieldOptions(
    serverOptions ?? ('options' in field ? field.options : undefined),
    'optionsSource' in field ? field.optionsSource : undefined,
    values,
  );
  return (
    <AnswerRow
      name={fieldName(field)}
      answer={displayedValue(field, getPath(values, field.id), options)}
      onChange={() => onChange(field.id)}
    />
  );
}

/** Props of the check-answers step. */
export interface CheckAnswersProps {
  /** The fields answered (shown and editable), in form order. */
  fields: readonly FieldDefinition[];
  values: FormValues;
  serverOptions: Readonly<Record<string, readonly FieldOption[]>>;
  /** The declarations agreed to, each a line going back to its tick box. */
  declarations: readonly { prompt: DeclarationPrompt; path: string }[];
  /** Goes back to a field (by id or declaration path) to change it. */
  onChange: (path: string) => void;
  /** The heading, focused when the step opens. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The last step before submitting: every answer as it will be submitted, each with a Change link to its field. */
export function CheckAnswers({
  fields,
  values,
  serverOptions,
  declarations,
  onChange,
  headingRef,
}: CheckAnswersProps) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        {CHECK_ANSWERS_TITLE}
      </Title>
      <Box component="dl" m={0}>
        {fields.map((field) => (
          <FieldAnswer
            key={field.id}
            field={field}
            values={values}
            serverOptions={serverOptions[field.id]}
            onChange={onChange}
          />
        ))}
        {declarations.map(({ prompt, path }) => (
          <AnswerRow
            key={path}
            name={prompt.name}
            answer={getPath(values, path) === true ? AGREED : undefined}
            onChange={() => onChange(path)}
          />
        ))}
      </Box>
    </Stack>
  );
}
