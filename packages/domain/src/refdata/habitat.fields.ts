import type { FieldCondition, SelectField } from '../forms/fields.ts';
import { distinctivenessFill } from './habitat.distinctiveness.ts';
import { habitatTypeSource, OPTION_SOURCES } from './refdata.sources.ts';

/** A service's or a need's broad habitat, asked for area habitats only (the `module` field chooses). */
export const areaBroadHabitatField = {
  id: 'broadHabitat',
  type: 'Select',
  label: 'Broad habitat',
  optionsSource: OPTION_SOURCES.areaBroadHabitats,
  dependsOn: ['module'],
  visibleWhen: { fieldId: 'module', oneOf: ['Area'] },
} as const satisfies SelectField;

/**
 * The habitat type, among those of the chosen module and broad habitat; choosing one fills in the `distinctiveness`
 * field from the statutory metric.
 */
export const habitatTypeField = (hint: string, visibleWhen?: FieldCondition) =>
  ({
    id: 'habitatType',
    type: 'Select',
    label: 'Habitat type',
    hint,
    optionsSource: {
      ...habitatTypeSource({ module: 'module' }),
      optionalParams: { broadHabitat: 'broadHabitat' },
      fills: [distinctivenessFill('distinctiveness')],
    },
    dependsOn: ['module', 'broadHabitat'],
    ...(visibleWhen === undefined ? {} : { visibleWhen }),
  }) as const satisfies SelectField;
