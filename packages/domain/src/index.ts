export * from './auth/auth.schema.ts';
export * from './validation/messages.ts';
export * from './validation/rules.ts';
