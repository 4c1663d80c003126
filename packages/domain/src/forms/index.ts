export * from './action.ts';
export * from './fields.ts';
export * from './lifecycle.ts';
export * from './rules.ts';
export * from './uploads.ts';
export * from './values.ts';
export * from './visibility.ts';
export * from './wire.ts';
