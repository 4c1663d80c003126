import { z } from 'zod';

const flowSchema = z.object({
  project: z.string(),
  credit: z.number().int().min(0),
  requirement: z.string(),
  year: z.number().int().min(0),
  units: z.number().positive(),
});

/** The RESULT of CLEARING.md: who wins, what flows, who pays and receives what, and why not. */
export const resultSchema = z.object({
  status: z.enum(['Optimal', 'Feasible', 'Infeasible', 'Error']),
  surplus: z.number(),
  bound: z.number(),
  gap: z.number().min(0),
  seconds: z.number().min(0),
  projects: z.array(
    z.object({
      id: z.string(),
      won: z.boolean(),
      receives: z.number().min(0),
      reason: z.string().nullable(),
    }),
  ),
  requirements: z.array(
    z.object({
      id: z.string(),
      fill: z.number().min(0).max(1),
      pays: z.number().min(0),
      reason: z.string().nullable(),
    }),
  ),
  /** What trades, in units to 2 decimals: no credit-year sells more than its sellable hundredths. */
  flows: z.array(flowSchema),
  /** The same flows before rounding, as the engine solved them (absent from imported results). */
  exactFlows: z.array(flowSchema).optional(),
});

/** A clearing result. */
export type ClearingResult = z.infer<typeof resultSchema>;
/** One flow of a result. */
export type Flow = ClearingResult['flows'][number];
