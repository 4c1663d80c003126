import type { ActionResult, EntityAction } from '@curlew/domain';
import { Button, type ButtonProps, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useActionPanel } from '../../actions/ActionPanelProvider.tsx';
import { type ActionLayout, MoreActionsMenu, secondaryActions } from './MoreActionsMenu.tsx';

/** Props of one action button. */
export interface EntityActionButtonProps {
  /** The entity's self link (`/organisation/123`) or a collection (`/organisations`) for create actions. */
  self: string;
  action: EntityAction;
  /** Told when the action succeeded (after any server-driven steps). */
  onSucceeded?: (result: ActionResult) => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** Values laid over the form's initial values (e.g. the market a new round belongs to). */
  prefill?: Readonly<Record<string, unknown>>;
  /** Disabled, show the reason in words under the button (a next step kept in sight), not only on hover. */
  showReason?: boolean;
  /** A class for the button (a next step's, whose long title may wrap). */
  className?: string;
}

/**
 * One action the server listed for the signed-in user: enabled, it opens the side-panel form; disabled, it stays
 * focusable and explains why (tooltip on hover or focus, and as the button's description); refused for the user's
 * role, it is not shown.
 */
export function EntityActionButton({
  self,
  action,
  onSucceeded,
  variant = 'default',
  size = 'sm',
  prefill,
  showReason = false,
  className,
}: EntityActionButtonProps) {
  const panel = useActionPanel();
  const reasonId = useId();
  if (action.byRole) return null;
  if (action.enabled) {
    return (
      <Button
        className={className}
        variant={variant}
        size={size}
        onClick={() =>
          panel.open({
            self,
            actionId: action.id,
            title: action.title,
            prefill,
            onSuccess: (result) => onSucceeded?.(result),
          })
        }
      >
        {action.title}
      </Button>
    );
  }
  const reason = action.reason ?? 'Not available';
  const button = (
    <Button
      className={className}
      variant={variant}
      size={size}
      data-disabled
      aria-disabled="true"
      aria-describedby={reasonId}
      onClick={(event) => event.preventDefault()}
    >
      {action.title}
    </Button>
  );
  if (showReason)
    return (
      <Stack gap={2} maw={280}>
        {button}
        <Text id={reasonId} size="xs" c="dimmed">
          {reason}
        </Text>
      </Stack>
    );
  return (
    <>
      <Tooltip
        label={reason}
        events={{ hover: true, focus: true, touch: true }}
        withArrow
        multiline
        maw={320}
      >
        {button}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}

/** Props of a row of action buttons. */
export interface EntityActionButtonsProps {
  self: string;
  actions: readonly EntityAction[];
  /** Action ids shown elsewhere on the page (e.g. Comment beside the comments). */
  exclude?: readonly string[];
  /** Only the actions the reader may run now (pages where most refusals are someone else's business). */
  enabledOnly?: boolean;
  onSucceeded?: (result: ActionResult) => void;
  size?: ButtonProps['size'];
  /** Accessible name of the group, e.g. 'Actions for Wetland Trust'. */
  label: string;
  /** For entities with many actions: the secondary ones as buttons, the rest in a 'More actions' menu. */
  layout?: ActionLayout;
}

/**
 * The actions the server lists for an entity, in its order, as buttons (with a `layout`, the secondary ones as buttons
 * and the rest in a 'More actions' menu by stage), leaving out those refused for the reader's role; the web never
 * decides availability. A record's next steps are not here but in its `NextSteps` panel (pages exclude them).
 */
export function EntityActionButtons({
  self,
  actions,
  exclude = [],
  enabledOnly = false,
  onSucceeded,
  size,
  label,
  layout,
}: EntityActionButtonsProps) {
  const shown = actions.filter(
    (action) => !exclude.includes(action.id) && !action.byRole && (action.enabled || !enabledOnly),
  );
  if (shown.length === 0) return null;
  const plain = layout === undefined ? shown : secondaryActions(shown, layout);
  const inMenu = shown.filter((action) => !plain.includes(action));
  return (
    <Group gap="xs" role="group" aria-label={label} wrap="wrap" align="flex-start">
      {plain.map((action) => (
        <EntityActionButton
          key={action.id}
          self={self}
          action={action}
          onSucceeded={onSucceeded}
          size={size}
        />
      ))}
      {layout !== undefined && (
        <MoreActionsMenu self={self} actions={inMenu} layout={layout} onSucceeded={onSucceeded} size={size} />
      )}
    </Group>
  );
}
