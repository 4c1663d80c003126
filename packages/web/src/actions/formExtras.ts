import type { ActionFormData, FormValues } from '@curlew/domain';
import type { ComponentType } from 'react';

/** What a form extra sees: the form's current values, the server's settings and the self link it was opened on. */
export interface FormExtraProps {
  values: FormValues;
  settings: ActionFormData['settings'];
  self: string;
}

const extras = new Map<string, ComponentType<FormExtraProps>>();

const keyOf = (entity: string | undefined, id: string): string => `${entity ?? '*'}/${id}`;

/**
 * Adds a read-only panel below the fields of an action's form, computed from what is being entered (e.g. a bid
 * per unit beside the total). A feature registers it when its pages load; the form stays the server's.
 */
export function registerFormExtra(
  entity: string,
  actionIds: readonly string[],
  extra: ComponentType<FormExtraProps>,
): void {
  for (const id of actionIds) extras.set(keyOf(entity, id), extra);
}

/** The extra registered for an action, if any. */
export const findFormExtra = (
  entity: string | undefined,
  id: string,
): ComponentType<FormExtraProps> | undefined => extras.get(keyOf(entity, id));
