import type { AnyActionDefinition } from '@curlew/domain';
import * as domain from '@curlew/domain';
import { defineAction } from '@curlew/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findActionDefinition, registerActions } from './registry.ts';

const make = (id: string, entity?: string) =>
  defineAction({
    id,
    ...(entity === undefined ? {} : { entity }),
    title: id,
    fields: [],
    input: z.object({}),
  });

const isActionDefinition = (value: unknown): value is AnyActionDefinition =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'title' in value &&
  'fields' in value &&
  'input' in value &&
  'actionLabel' in value;

/** Every action definition the domain package exports, alone or in lists. */
const domainDefinitions = (): AnyActionDefinition[] => {
  const found = new Set<AnyActionDefinition>();
  for (const value of Object.values(domain)) {
    if (isActionDefinition(value)) found.add(value);
    if (Array.isArray(value)) for (const item of value) if (isActionDefinition(item)) found.add(item);
  }
  return [...found];
};

describe('action registry', () => {
  it('knows every action definition the domain exports, without any page registering it', () => {
    const definitions = domainDefinitions();
    expect(definitions.map((definition) => `${definition.entity ?? '*'}/${definition.id}`)).toEqual(
      expect.arrayContaining([
        'organisation/Update',
        '*/Comment',
        'agent-authority/SetApproval',
        'user/Disable',
      ]),
    );
    const missing = definitions
      .filter((definition) => findActionDefinition(definition.entity, definition.id) !== definition)
      .map((definition) => `${definition.entity ?? '(shared)'}/${definition.id}`);
    expect(missing).toEqual([]);
  });

  it('finds an entity action before a shared one of the same id', () => {
    const shared = make('RegistryNote');
    const own = make('RegistryNote', 'round');
    registerActions([shared, own]);
    expect(findActionDefinition('round', 'RegistryNote')).toBe(own);
    expect(findActionDefinition('project', 'RegistryNote')).toBe(shared);
    expect(findActionDefinition(undefined, 'RegistryNote')).toBe(shared);
    expect(findActionDefinition('round', 'RegistryMissing')).toBeUndefined();
  });

  it('accepts the same definition twice but refuses a different one under the same key', () => {
    const update = make('RegistryUpdate', 'market');
    registerActions([update]);
    expect(() => registerActions([update])).not.toThrow();
    expect(() => registerActions([make('RegistryUpdate', 'market')])).toThrow(
      'Action market/RegistryUpdate is already registered',
    );
    expect(() => registerActions([make('Update', 'organisation')])).toThrow(
      'Action organisation/Update is already registered',
    );
  });
});
