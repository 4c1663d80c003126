export * from './habitat.distinctiveness.ts';
export * from './habitat.schema.ts';
export * from './refdata.query.ts';
export * from './refdata.records.ts';
export * from './refdata.rules.ts';
export * from './refdata.schema.ts';
export * from './refdata.sources.ts';
export * from './refdata.types.ts';
