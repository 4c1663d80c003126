import { MESSAGES } from '@curlew/domain';
import { z } from 'zod';

/** Credit types of the market; they never substitute for one another. */
export const CREDIT_TYPES = [
  'Biodiversity',
  'NutrientMitigationNitrogen',
  'NutrientMitigationPhosphorous',
] as const;
/** Biodiversity modules (area habitats, hedgerows, rivers); they never substitute for one another. */
export const MODULES = ['Area', 'Linear', 'River'] as const;
/** Statutory distinctiveness bands, lowest first. */
export const DISTINCTIVENESS = ['Low', 'Medium', 'High', 'VeryHigh'] as const;
/** Group types: XOR (at most one member wins) and AND (all members or none). */
const GROUP_TYPES = ['XOR', 'AND'] as const;

/** A credit type. */
export type CreditType = (typeof CREDIT_TYPES)[number];
/** A biodiversity module. */
export type Module = (typeof MODULES)[number];
/** A distinctiveness band. */
export type Distinctiveness = (typeof DISTINCTIVENESS)[number];

const requiredString = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required);
const optionalPlace = z.string().min(1).nullish();
const nonNegative = z.number({ error: MESSAGES.required }).finite().min(0, MESSAGES.nonNegative);
const unitsPerYear = z.array(nonNegative, { error: MESSAGES.required }).min(1, MESSAGES.emptyArray);

const groupSchema = z.object({
  id: requiredString,
  type: z.enum(GROUP_TYPES, { error: 'Unknown group type: use "XOR" or "AND"' }),
});

const habitatFields = {
  module: z.enum(MODULES, { error: 'Unknown module: use "Area", "Linear" or "River"' }).nullish(),
  broadHabitat: z.string().nullish(),
  habitatType: z.string().nullish(),
  distinctiveness: z
    .enum(DISTINCTIVENESS, { error: 'Unknown distinctiveness: use Low, Medium, High or VeryHigh' })
    .nullish(),
};

const creditSchema = z.object({
  type: z.enum(CREDIT_TYPES, { error: 'Unknown credit type' }),
  ...habitatFields,
  permanent: z.boolean({ error: MESSAGES.required }),
  units: unitsPerYear,
});

/** One project of an INSTANCE, checked on its own (the builder checks each entry before the instance). */
export const projectSchema = z.object({
  id: requiredString,
  offer: nonNegative,
  group: groupSchema.nullish(),
  lpa: optionalPlace,
  nca: optionalPlace,
  subcatchment: optionalPlace,
  credits: z.array(creditSchema, { error: MESSAGES.required }).min(1, MESSAGES.emptyArray),
});

/** One requirement of an INSTANCE, checked on its own (the builder checks each entry before the instance). */
export const requirementSchema = z.object({
  id: requiredString,
  bid: nonNegative,
  type: z.enum(CREDIT_TYPES, { error: 'Unknown credit type' }),
  ...habitatFields,
  lpa: optionalPlace,
  nca: optionalPlace,
  localOnly: z.boolean().default(false),
  subcatchment: optionalPlace,
  ongoingOnly: z.boolean().default(false),
  divisible: z.boolean({ error: MESSAGES.required }),
  group: groupSchema.nullish(),
  units: unitsPerYear,
});

const pairList = z.array(z.tuple([requiredString, requiredString]));

/** The INSTANCE of CLEARING.md: one market round to clear. */
export const instanceSchema = z
  .object({
    years: z
      .number({ error: MESSAGES.required })
      .int('Must be a whole number')
      .min(1, MESSAGES.positive)
      .max(50, 'At most 50'),
    reservePercent: nonNegative.lt(100, 'Must be below 100'),
    buyerShareOfSurplus: nonNegative.max(1, 'Must be between 0 and 1'),
    neighbours: z.object({ lpa: pairList.optional(), nca: pairList.optional() }).nullish(),
    projects: z.array(projectSchema, { error: MESSAGES.required }),
    requirements: z.array(requirementSchema, { error: MESSAGES.required }),
  })
  .superRefine((instance, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const seenProjects = new Set<string>();
    const groupTypes = new Map<string, string>();
    instance.projects.forEach((project, p) => {
      if (seenProjects.has(project.id)) issue(['projects', p, 'id'], `Duplicate project id "${project.id}"`);
      seenProjects.add(project.id);
      checkGroup(groupTypes, 'project', project.group, (m) => issue(['projects', p, 'group', 'type'], m));
      project.credits.forEach((credit, c) => {
        const at = ['projects', p, 'credits', c];
        checkPlaceAndHabitat(credit, project, (field, m) => issue([...at, field], m), instance.years);
      });
    });
    const seenRequirements = new Set<string>();
    instance.requirements.forEach((requirement, r) => {
      const at = ['requirements', r];
      if (seenRequirements.has(requirement.id))
        issue([...at, 'id'], `Duplicate requirement id "${requirement.id}"`);
      seenRequirements.add(requirement.id);
      checkGroup(groupTypes, 'requirement', requirement.group, (m) => issue([...at, 'group', 'type'], m));
      checkPlaceAndHabitat(requirement, requirement, (field, m) => issue([...at, field], m), instance.years);
    });
  });

type HabitatFields = {
  type: CreditType;
  module?: Module | null | undefined;
  habitatType?: string | null | undefined;
  distinctiveness?: Distinctiveness | null | undefined;
  units: number[];
};
type Place = { subcatchment?: string | null | undefined };

function checkPlaceAndHabitat(
  item: HabitatFields,
  place: Place,
  issue: (field: string, message: string) => void,
  years: number,
): void {
  if (item.type === 'Biodiversity') {
    if (!item.module) issue('module', MESSAGES.required);
    if (!item.distinctiveness) issue('distinctiveness', MESSAGES.required);
    if (!item.habitatType) issue('habitatType', MESSAGES.required);
    if (item.units.length !== 1) issue('units', 'Biodiversity units have one entry (year 0)');
  } else {
    if (!place.subcatchment)
      issue('subcatchment', `${MESSAGES.required}: nutrient credits need a subcatchment`);
    if (item.units.length > years) issue('units', `At most ${years} yearly entries (years)`);
  }
}

function checkGroup(
  groupTypes: Map<string, string>,
  side: string,
  group: { id: string; type: string } | null | undefined,
  issue: (message: string) => void,
): void {
  if (!group) return;
  const key = `${side}:${group.id}`;
  const known = groupTypes.get(key);
  if (known && known !== group.type) issue(`Group "${group.id}" is both ${known} and ${group.type}`);
  groupTypes.set(key, group.type);
}

/** A validated instance (defaults applied). */
export type Instance = z.infer<typeof instanceSchema>;
/** A validated project. */
export type Project = Instance['projects'][number];
/** A validated credit of a project. */
export type Credit = Project['credits'][number];
/** A validated credit requirement. */
export type Requirement = Instance['requirements'][number];

/** Raised for an instance that does not meet the contract; the message names every bad path. */
export class InstanceError extends Error {
  override name = 'InstanceError';
}

/** Validates unknown JSON as an INSTANCE, throwing an InstanceError naming each bad path. */
export function parseInstance(json: unknown): Instance {
  const parsed = instanceSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues
    .slice(0, 20)
    .map((issue) => `  ${formatPath(issue.path)}: ${issue.message}`);
  const more = parsed.error.issues.length > 20 ? `\n  ... and ${parsed.error.issues.length - 20} more` : '';
  throw new InstanceError(`Invalid instance:\n${lines.join('\n')}${more}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(instance)';
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`))
    .join('');
}
