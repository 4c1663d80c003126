export * from './organisation.actions.ts';
export * from './organisation.create-actions.ts';
export * from './organisation.query.ts';
export * from './organisation.schema.ts';
export * from './user.actions.ts';
