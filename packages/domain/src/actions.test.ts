import { describe, expect, it } from 'vitest';
import { ALL_ACTION_DEFINITIONS } from './actions.ts';
import type { AnyActionDefinition } from './forms/action.ts';
import * as domain from './index.ts';

const isActionDefinition = (value: unknown): value is AnyActionDefinition =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'title' in value &&
  'fields' in value &&
  'input' in value &&
  'actionLabel' in value;

/** Every action definition the package exports, alone or in lists. */
const exportedDefinitions = (): AnyActionDefinition[] => {
  const found = new Set<AnyActionDefinition>();
  for (const value of Object.values(domain)) {
    if (isActionDefinition(value)) found.add(value);
    if (Array.isArray(value)) for (const item of value) if (isActionDefinition(item)) found.add(item);
  }
  return [...found];
};

const keyOf = (definition: AnyActionDefinition) => `${definition.entity ?? '*'}/${definition.id}`;

describe('ALL_ACTION_DEFINITIONS', () => {
  it('holds every action definition the domain exports', () => {
    const missing = exportedDefinitions()
      .filter((definition) => !ALL_ACTION_DEFINITIONS.includes(definition))
      .map(keyOf);
    expect(missing).toEqual([]);
    expect(ALL_ACTION_DEFINITIONS.map(keyOf)).toEqual(
      expect.arrayContaining(['organisation/Update', '*/Comment', '*/ReplaceDocument', 'user/Disable']),
    );
  });

  it('holds one definition per entity and action id', () => {
    const byKey = new Map<string, Set<AnyActionDefinition>>();
    for (const definition of ALL_ACTION_DEFINITIONS) {
      byKey.set(keyOf(definition), (byKey.get(keyOf(definition)) ?? new Set()).add(definition));
    }
    expect([...byKey].filter(([, definitions]) => definitions.size > 1).map(([key]) => key)).toEqual([]);
  });
});
