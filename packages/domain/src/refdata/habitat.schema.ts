import { z } from 'zod';
import { choiceOf } from '../validation/choice.ts';
import { LENGTH_LIMITS } from '../validation/messages.ts';
import { requiredText } from '../validation/rules.ts';
import { labelsOf } from '../vocab/labels.ts';
import { moduleSchema } from '../vocab/vocab.schemas.ts';
import { lpaCode } from './refdata.rules.ts';

/**
 * Distinctiveness bands of the statutory biodiversity metric, lowest first. The metric has a 'very low' band
 * (e.g. sealed surfaces) below the four levels credits are traded in (SPEC 3 "Distinctiveness").
 */
export const HABITAT_DISTINCTIVENESS_BANDS = ['VeryLow', 'Low', 'Medium', 'High', 'VeryHigh'] as const;
/** One metric distinctiveness band. */
export type HabitatDistinctivenessBand = (typeof HABITAT_DISTINCTIVENESS_BANDS)[number];
/** Labels of the metric distinctiveness bands. */
export const HABITAT_DISTINCTIVENESS_LABELS = labelsOf(HABITAT_DISTINCTIVENESS_BANDS);

/** A statutory-metric habitat type (read-only reference data). */
export const habitatSchema = z.object({
  /** Area for area habitats, Linear for hedgerows, River for watercourses. */
  module: moduleSchema,
  /** The metric's broad habitat; hedgerow and watercourse types have none. */
  broadHabitat: z.string().min(1).max(LENGTH_LIMITS.name).nullable(),
  habitatType: requiredText(LENGTH_LIMITS.name),
  distinctiveness: choiceOf(HABITAT_DISTINCTIVENESS_BANDS),
  distinctivenessScore: z.number().int().min(0),
  tradingRule: requiredText(),
});
/** A habitat type's values. */
export type HabitatValues = z.output<typeof habitatSchema>;
/** A habitat type as the API answers it. */
export type Habitat = HabitatValues & { id: string };

/** The filter of the habitat option list: habitat types of a module and broad habitat. */
export const habitatQuerySchema = z.object({
  module: moduleSchema.optional(),
  broadHabitat: z.string().trim().min(1).max(LENGTH_LIMITS.name).optional(),
});

/** A boundary shared by two LPAs (stored both ways); rank 1 is the longest shared boundary of `lpaCode`. */
export const lpaNeighbourSchema = z.object({
  lpaCode: lpaCode(),
  neighbourLpaCode: lpaCode(),
  rank: z.number().int().min(1),
});
/** An LPA neighbour pair. */
export type LpaNeighbourValues = z.output<typeof lpaNeighbourSchema>;
