import type { ActionResult, EntityAction } from '@curlew/domain';
import { Button, type ButtonProps, Menu, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useActionPanel } from '../../actions/ActionPanelProvider.tsx';
import { ChevronDownIcon } from '../../app/shell/icons.tsx';

/** One stage of an entity's life whose actions the menu lists together (e.g. 'Registration'). */
export interface ActionStage {
  label: string;
  actionIds: readonly string[];
}

/**
 * How a page lays out many actions beside its next steps (which the server marks and the page shows in its 'Next
 * step' panel): the `secondary` ones the reader may run now as plain buttons, everything else in a 'More actions'
 * menu, grouped by `stages` in their order (actions of no stage last, under 'Other actions').
 */
export interface ActionLayout {
  secondary?: readonly string[];
  stages: readonly ActionStage[];
}

/** The actions of a layout shown as plain buttons: the secondary ones that are enabled, in the server's order. */
export const secondaryActions = (actions: readonly EntityAction[], layout: ActionLayout): EntityAction[] =>
  actions.filter((action) => action.enabled && (layout.secondary ?? []).includes(action.id));

/** The menu's sections: each stage with its actions in the server's order, then the rest. */
const menuSections = (
  actions: readonly EntityAction[],
  layout: ActionLayout,
): { label: string; actions: EntityAction[] }[] => {
  const staged = new Set(layout.stages.flatMap((stage) => stage.actionIds));
  return [
    ...layout.stages.map((stage) => ({
      label: stage.label,
      actions: actions.filter((action) => stage.actionIds.includes(action.id)),
    })),
    { label: 'Other actions', actions: actions.filter((action) => !staged.has(action.id)) },
  ].filter((section) => section.actions.length > 0);
};

function MenuAction({
  self,
  action,
  onSucceeded,
}: {
  self: string;
  action: EntityAction;
  onSucceeded?: (result: ActionResult) => void;
}) {
  const panel = useActionPanel();
  const reasonId = useId();
  if (action.enabled)
    return (
      <Menu.Item
        onClick={() =>
          panel.open({
            self,
            actionId: action.id,
            title: action.title,
            onSuccess: (result) => onSucceeded?.(result),
          })
        }
      >
        {action.title}
      </Menu.Item>
    );
  const reason = action.reason ?? 'Not available';
  return (
    <Menu.Item disabled aria-label={action.title} aria-describedby={reasonId}>
      <Text size="sm" inherit>
        {action.title}
      </Text>
      <Text id={reasonId} size="xs" c="dimmed">
        {reason}
      </Text>
    </Menu.Item>
  );
}

/** Props of the 'More actions' menu. */
export interface MoreActionsMenuProps {
  self: string;
  actions: readonly EntityAction[];
  layout: ActionLayout;
  onSucceeded?: (result: ActionResult) => void;
  size?: ButtonProps['size'];
}

/**
 * A 'More actions' menu button (the WAI-ARIA menu button: arrow keys move, Escape closes and returns focus) listing
 * actions by stage; a refused action stays listed, disabled, with the server's reason under its title.
 */
export function MoreActionsMenu({ self, actions, layout, onSucceeded, size = 'sm' }: MoreActionsMenuProps) {
  const sections = menuSections(actions, layout);
  if (sections.length === 0) return null;
  return (
    // No focus placeholder: a menu holds only its items and their groups (axe aria-required-children).
    <Menu position="bottom-end" shadow="md" width={320} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" size={size} rightSection={<ChevronDownIcon />}>
          More actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {sections.map((section, index) => (
          <MenuSection key={section.label} label={section.label} divider={index > 0}>
            {section.actions.map((action) => (
              <MenuAction key={action.id} self={self} action={action} onSucceeded={onSucceeded} />
            ))}
          </MenuSection>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function MenuSection({ label, divider, children }: { label: string; divider: boolean; children: ReactNode }) {
  const labelId = useId();
  return (
    <>
      {divider && <Menu.Divider />}
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA menu groups its items with role group; a fieldset is a form's */}
      <div role="group" aria-labelledby={labelId}>
        <Menu.Label id={labelId}>{label}</Menu.Label>
        {children}
      </div>
    </>
  );
}
