import type { AnyActionDefinition, EntityAction } from '@curlew/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';

/**
 * The next steps of a record in `status`: the `primary` actions whose lifecycle starts from it, in the definitions'
 * order (the web lays them out; the server still decides whether each may run now).
 */
export const nextStepIds = (
  definitions: readonly AnyActionDefinition[],
  status: string,
  primary: readonly string[],
): string[] =>
  definitions
    .filter(
      (definition) =>
        primary.includes(definition.id) &&
        (definition.lifecycle?.from as readonly string[] | undefined)?.includes(status) === true,
    )
    .map((definition) => definition.id);

/** Props of the next steps panel. */
export interface NextStepsProps {
  self: string;
  actions: readonly EntityAction[];
  /** The ids of the record's next steps (`nextStepIds`). */
  stepIds: readonly string[];
  onSucceeded: () => void;
  /** For a refused step whose reason the page lists elsewhere (a checklist), the words shown instead of it. */
  explainedElsewhere?: Readonly<Record<string, string>>;
}

function RefusedStep({ action, note }: { action: EntityAction; note: string }) {
  const reasonId = useId();
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Button
        variant="filled"
        data-disabled
        aria-disabled="true"
        aria-describedby={reasonId}
        onClick={(event) => event.preventDefault()}
        style={{ flexShrink: 0 }}
      >
        {action.title}
      </Button>
      <Text id={reasonId} size="sm">
        {note}
      </Text>
    </Group>
  );
}

/**
 * 'Next step': the record's next steps in its life as filled buttons, never hidden in a menu. A step the reader may
 * take now opens its dialog; a refused one stays in sight, disabled, with the server's reason in words beside it.
 * Steps refused for the reader's role are left out; nothing shows when no step is left.
 */
export function NextSteps({ self, actions, stepIds, onSucceeded, explainedElsewhere = {} }: NextStepsProps) {
  const titleId = useId();
  const steps = stepIds.flatMap((id) => {
    const action = actions.find((candidate) => candidate.id === id);
    return action === undefined || action.byRole ? [] : [action];
  });
  if (steps.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {steps.length === 1 ? 'Next step' : 'Next steps'}
        </Title>
        {steps.map((action) =>
          action.enabled ? (
            <Group key={action.id}>
              <EntityActionButton self={self} action={action} variant="filled" onSucceeded={onSucceeded} />
            </Group>
          ) : (
            <RefusedStep
              key={action.id}
              action={action}
              note={explainedElsewhere[action.id] ?? action.reason ?? 'Not available now'}
            />
          ),
        )}
      </Stack>
    </Paper>
  );
}
