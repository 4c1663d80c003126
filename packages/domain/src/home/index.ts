export * from './home.steps.ts';
export * from './home.ts';
