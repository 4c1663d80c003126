export * from './market-round.ts';
export * from './participation.lifecycle.ts';
