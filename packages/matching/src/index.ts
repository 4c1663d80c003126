/** The clearing engine: INSTANCE -> compatibility -> model -> HiGHS -> RESULT (see CLEARING.md). */
export { checkResult } from './check.ts';
export { ClearingError, clearRound } from './clear.ts';
export { generateRound, type RoundShape } from './generator/generate.ts';
export * from './instance.schema.ts';
export { REASONS } from './reasons.ts';
export * from './result.schema.ts';
export { type ExactFlow, roundFlows, roundResultFlows, sellableCents } from './rounding.ts';
export {
  habitatServes,
  judgePair,
  neighboursOf,
  sellableUnits,
  spatialMultiplier,
} from './rules/compatibility.ts';
export { SolverPool } from './solver/pool.ts';
export { ENGINE_VERSION } from './version.ts';
