import type { FieldOptionFill } from '../forms/fields.ts';
import { DISTINCTIVENESS_LABELS, type Distinctiveness } from '../vocab/habitats.ts';
import type { HabitatDistinctivenessBand } from './habitat.schema.ts';

/**
 * The distinctiveness a habitat type trades at: the statutory metric fixes each type's band; its 'very low' band
 * (sealed surfaces and the like) trades as Low, the lowest level credits are traded in.
 */
export const tradedDistinctiveness = (band: HabitatDistinctivenessBand): Distinctiveness =>
  band === 'VeryLow' ? 'Low' : band;

/** 'The statutory metric gives Lowland meadows Very high distinctiveness': a distinctiveness its habitat type contradicts. */
export const distinctivenessContradictionMessage = (habitatType: string, level: Distinctiveness): string =>
  `The statutory metric gives ${habitatType} ${DISTINCTIVENESS_LABELS[level]} distinctiveness`;

/**
 * Why a chosen distinctiveness contradicts the band the statutory metric gives the habitat type, or undefined
 * when they agree.
 */
export const distinctivenessProblem = (
  habitatType: string,
  band: HabitatDistinctivenessBand,
  chosen: Distinctiveness,
): string | undefined => {
  const level = tradedDistinctiveness(band);
  return level === chosen ? undefined : distinctivenessContradictionMessage(habitatType, level);
};

/**
 * How a habitat type option fills a distinctiveness field when chosen: from the habitat record's band, 'very low'
 * as Low (see `tradedDistinctiveness`).
 */
export const distinctivenessFill = (fieldId: string): FieldOptionFill => ({
  fieldId,
  key: 'distinctiveness',
  map: { VeryLow: tradedDistinctiveness('VeryLow') },
});
