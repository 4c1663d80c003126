import { ALL_ACTION_DEFINITIONS, type AnyActionDefinition } from '@curlew/domain';

const definitions = new Map<string, AnyActionDefinition>();

const keyOf = (entity: string | undefined, id: string): string => `${entity ?? '*'}/${id}`;

/**
 * Makes action definitions known to the browser so their forms validate with the same zod schema as the server.
 * Every domain definition is registered below, once, whichever page opens first; tests register their own.
 * Registering the same object twice is harmless, a different definition under the same entity and id is a
 * mistake and throws.
 */
export function registerActions(actions: readonly AnyActionDefinition[]): void {
  for (const action of actions) {
    const key = keyOf(action.entity, action.id);
    const known = definitions.get(key);
    if (known !== undefined && known !== action) throw new Error(`Action ${key} is already registered`);
    definitions.set(key, action);
  }
}

registerActions(ALL_ACTION_DEFINITIONS);

/** The registered definition of an action: the entity's own first, else one shared by every entity. */
export function findActionDefinition(
  entity: string | undefined,
  id: string,
): AnyActionDefinition | undefined {
  return definitions.get(keyOf(entity, id)) ?? definitions.get(keyOf(undefined, id));
}
