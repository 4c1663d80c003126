export * from './agent-authority.actions.ts';
export * from './agent-authority.lifecycle.ts';
export * from './agent-authority.query.ts';
export * from './agent-authority.schema.ts';
