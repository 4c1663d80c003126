import { z } from 'zod';
import { choiceOf } from '../validation/choice.ts';
import { LENGTH_LIMITS, MESSAGES } from '../validation/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { declarationCategorySchema } from '../vocab/vocab.schemas.ts';
import { flag, lpaCode, optionalLadCode, positiveWholeNumber } from './refdata.rules.ts';

/** Message when a declaration targets nobody (SPEC 5 "Declaration"). */
export const DECLARATION_AUDIENCE_MESSAGE = 'Must be for agents or participants or both';

/** Project type: the flag marks types that cannot keep the current project service (SPEC 4 "Project"). */
export const projectTypeInputSchema = z.object({
  name: requiredText(LENGTH_LIMITS.name),
  description: optionalText(),
  incompatibleWithCurrentService: flag().default(false),
  active: flag().default(true),
});
/** A project type as submitted. */
export type ProjectTypeInput = z.input<typeof projectTypeInputSchema>;
/** A project type's values once validated. */
export type ProjectTypeValues = z.output<typeof projectTypeInputSchema>;

/** Certification standard (its versions are added separately). */
export const standardInputSchema = z.object({
  name: requiredText(LENGTH_LIMITS.name),
  description: optionalText(),
  active: flag().default(true),
});
/** A standard's values once validated. */
export type StandardValues = z.output<typeof standardInputSchema>;

/** A version of a standard: its label, the date it takes effect ('yyyy-MM-dd') and notes. */
export const standardVersionInputSchema = z.object({
  version: requiredText(LENGTH_LIMITS.code),
  effectiveDate: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: () => MESSAGES.required })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MESSAGES.invalidDate })
      .refine((value) => isCalendarDate(value), { error: MESSAGES.invalidDate }),
  ),
  notes: optionalText(),
});
/** A standard version's values once validated. */
export type StandardVersionValues = z.output<typeof standardVersionInputSchema>;

const isCalendarDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** National Character Area, known by its Natural England number (1 to 159). */
export const ncaInputSchema = z.object({
  number: positiveWholeNumber(),
  name: requiredText(LENGTH_LIMITS.name),
  active: flag().default(true),
});
/** An NCA's values once validated. */
export type NcaValues = z.output<typeof ncaInputSchema>;

/** Most neighbours one NCA may be given (England has 159 NCAs). */
const NCA_NEIGHBOURS_MAX = 158;

/** The NCAs sharing a boundary with one NCA, by Natural England number; the whole set replaces the old one. */
export const ncaNeighboursInputSchema = z.object({
  neighbours: z
    .array(positiveWholeNumber(), { error: () => MESSAGES.required })
    .max(NCA_NEIGHBOURS_MAX, { error: `At most ${NCA_NEIGHBOURS_MAX} neighbours` }),
});
/** An NCA's neighbours once validated. */
export type NcaNeighboursValues = z.output<typeof ncaNeighboursInputSchema>;

/** Kinds of local planning authority, from the ONS code family of the area behind them. */
export const LPA_AUTHORITY_TYPES = [
  'Non-metropolitan district',
  'Unitary authority',
  'Metropolitan district',
  'London borough',
  'London borough (City of London)',
  'National park authority',
  'Development corporation',
] as const;
/** One kind of local planning authority. */
export type LpaAuthorityType = (typeof LPA_AUTHORITY_TYPES)[number];

/** Local planning authority: ONS LPA code, name, kind, the district (or park, corporation) code behind it. */
export const lpaInputSchema = z.object({
  code: lpaCode(),
  name: requiredText(LENGTH_LIMITS.name),
  authorityType: choiceOf(LPA_AUTHORITY_TYPES),
  ladCode: optionalLadCode(),
  /** False for districts abolished by reorganisation that the register still lists. */
  current: flag().default(true),
  active: flag().default(true),
});
/** An LPA's values once validated. */
export type LpaValues = z.output<typeof lpaInputSchema>;

/** Nutrients a catchment needs mitigated; 'unknown' where the sources do not say. */
export const SUBCATCHMENT_NUTRIENTS = ['N', 'P', 'N+P', 'unknown'] as const;
/** One nutrient value of a subcatchment. */
export type SubcatchmentNutrient = (typeof SUBCATCHMENT_NUTRIENTS)[number];
/** Labels of the nutrient values. */
export const SUBCATCHMENT_NUTRIENT_LABELS = {
  N: 'Nitrogen',
  P: 'Phosphorus',
  'N+P': 'Nitrogen and phosphorus',
  unknown: 'Not stated',
} as const satisfies Record<SubcatchmentNutrient, string>;

/** Nutrient-neutrality subcatchment: the designated sites it drains to and the LPAs it covers. */
export const subcatchmentInputSchema = z.object({
  name: requiredText(LENGTH_LIMITS.name),
  nutrient: choiceOf(SUBCATCHMENT_NUTRIENTS),
  designatedSites: optionalText(),
  lpaCodes: z
    .array(lpaCode())
    .default([])
    .transform((codes) => [...new Set(codes)]),
  active: flag().default(true),
});
/** A subcatchment's values once validated. */
export type SubcatchmentValues = z.output<typeof subcatchmentInputSchema>;

function audienceIsKnown(payload: { value: unknown }): boolean {
  const { value } = payload;
  if (typeof value !== 'object' || value === null) return false;
  const flags = value as { isForAgents?: unknown; isForParticipants?: unknown };
  return (
    (flags.isForAgents === undefined || typeof flags.isForAgents === 'boolean') &&
    (flags.isForParticipants === undefined || typeof flags.isForParticipants === 'boolean')
  );
}

/** Declaration a participant or agent answers in a market round (SPEC 3 and 5). */
export const declarationInputSchema = z
  .object({
    name: requiredText(LENGTH_LIMITS.name),
    text: requiredText(),
    category: declarationCategorySchema,
    isForAgents: flag().default(false),
    isForParticipants: flag().default(false),
    active: flag().default(true),
  })
  // Checked even when other fields fail, so the form shows every problem at once.
  .refine((value) => value.isForAgents || value.isForParticipants, {
    path: ['isForAgents'],
    error: DECLARATION_AUDIENCE_MESSAGE,
    when: audienceIsKnown,
  })
  .refine((value) => value.isForAgents || value.isForParticipants, {
    path: ['isForParticipants'],
    error: DECLARATION_AUDIENCE_MESSAGE,
    when: audienceIsKnown,
  });
/** A declaration's values once validated. */
export type DeclarationValues = z.output<typeof declarationInputSchema>;
