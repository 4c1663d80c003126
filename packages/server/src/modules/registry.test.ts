import type { AnyActionDefinition } from '@curlew/domain';
import * as domain from '@curlew/domain';
import { describe, expect, it } from 'vitest';
import { MODULES } from './index.ts';

const ACTION_REGISTRATIONS = MODULES.flatMap((module) => module.actions ?? []);

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

/** The definitions the server must serve: every one the domain defines. */
const servedDefinitions = (): AnyActionDefinition[] => domainDefinitions();

describe('action registry', () => {
  it('finds the domain action definitions it checks', () => {
    const ids = domainDefinitions().map((definition) => `${definition.entity ?? '*'}/${definition.id}`);
    expect(ids).toEqual(
      expect.arrayContaining(['organisation/Update', '*/Comment', 'agent-authority/SetApproval']),
    );
  });

  it('registers every domain action definition with a policy rule and a handler (deny by default)', () => {
    const missing: string[] = [];
    for (const definition of servedDefinitions()) {
      const holders = ACTION_REGISTRATIONS.filter((registration) =>
        [...registration.definitions, ...registration.createDefinitions].includes(definition),
      );
      const name = `${definition.entity ?? '(shared)'}/${definition.id}`;
      if (holders.length === 0) missing.push(`${name}: not registered`);
      if (definition.entity !== undefined && holders.some((holder) => holder.entity !== definition.entity))
        missing.push(`${name}: registered on another entity`);
      for (const holder of holders) {
        const { policy, handler } = holder.implementationOf(definition.id);
        if (typeof policy !== 'function') missing.push(`${holder.entity}/${definition.id}: no policy rule`);
        if (typeof handler !== 'object' || handler === null)
          missing.push(`${holder.entity}/${definition.id}: no handler`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every entity distinct action ids and routes', () => {
    const entities = ACTION_REGISTRATIONS.map((registration) => registration.entity);
    expect(new Set(entities).size).toBe(entities.length);
    for (const registration of ACTION_REGISTRATIONS) {
      const ids = [...registration.definitions, ...registration.createDefinitions].map(
        (definition) => definition.id,
      );
      expect(new Set(ids).size, registration.entity).toBe(ids.length);
    }
  });
});
