export * from './file.actions.ts';
export * from './file.schema.ts';
export * from './file.vocab.ts';
