import {
  CREDIT_REQUIREMENT_STATUS_LABELS,
  CREDIT_TYPE_LABELS,
  type CreditRequirementStatus,
  type CreditType,
  PROJECT_STATUS_LABELS,
  type ProjectStatus,
} from '@curlew/domain';

/** The colour of each credit type on a map; projects filled, requirements outlined by a darker shade. */
export const CREDIT_TYPE_COLOURS: Record<CreditType, { supply: string; demand: string }> = {
  Biodiversity: { supply: '#2f7d4f', demand: '#9b3d8a' },
  NutrientMitigationNitrogen: { supply: '#1f6fb2', demand: '#c25a00' },
  NutrientMitigationPhosphorous: { supply: '#6b5bb5', demand: '#b8860b' },
};

/** A project's status in the domain's words. */
export const projectStatusLabel = (status: string): string =>
  PROJECT_STATUS_LABELS[status as ProjectStatus] ?? status;

/** A credit requirement's status in the domain's words. */
export const requirementStatusLabel = (status: string): string =>
  CREDIT_REQUIREMENT_STATUS_LABELS[status as CreditRequirementStatus] ?? status;

/** Credit types in words, joined. */
export const creditTypesText = (types: readonly CreditType[]): string =>
  types.map((type) => CREDIT_TYPE_LABELS[type]).join(', ') || 'None';
