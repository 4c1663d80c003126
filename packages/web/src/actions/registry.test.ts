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

describe('action registry', () => {
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
  });
});
