import {
  CREDIT_DURATION_YEARS,
  type Distinctiveness,
  MODULE_UNITS,
  type PROJECT_ACTIONS,
} from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { saveLocation } from '../files/locations.repo.ts';
import { assertHabitatDistinctiveness } from '../refdata/habitat-distinctiveness.ts';
import { habitats, lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import { edited, notAnOption, serviceLabel } from './projects.handling.ts';
import type { ProjectRecord, ProjectRelation } from './projects.kind.ts';
import {
  type ProjectServiceRow,
  refreshServiceTypes,
  replaceServiceUnits,
  servicesOf,
  updateProject,
} from './projects.repo.ts';
import { projectServices, projects } from './projects.tables.ts';
import { biodiversityPeriods, nutrientPeriods } from './projects.units.ts';

/** Recomputes the yearly units of the project's services from their figures and the biodiversity supply. */
async function refreshUnits(tx: Queryable, projectId: string): Promise<void> {
  const services = await servicesOf(tx, [projectId]);
  const supply = await supplyOf(tx, projectId);
  const biodiversity = services.filter(({ service }) => service.type === 'Biodiversity');
  const totalSize = biodiversity.reduce((sum, { service }) => sum + (service.size ?? 0), 0);
  for (const { service } of services) {
    if (service.type === 'Biodiversity') {
      const share =
        totalSize > 0
          ? (service.size ?? 0) / totalSize
          : biodiversity.length > 0
            ? 1 / biodiversity.length
            : 0;
      await replaceServiceUnits(
        tx,
        service.id,
        supply === undefined ? [] : biodiversityPeriods(service.mitigationBegins, supply, share),
      );
    } else if (service.mitigationDuration !== null && service.units !== null) {
      await replaceServiceUnits(
        tx,
        service.id,
        nutrientPeriods(service.mitigationBegins, service.mitigationDuration, service.units),
      );
    }
  }
}

async function supplyOf(
  tx: Queryable,
  projectId: string,
): Promise<{ baselineUnitsLost: number; gainsPerYear: number[] } | undefined> {
  const [row] = await tx
    .select({ baselineUnitsLost: projects.baselineUnitsLost, gainsPerYear: projects.gainsPerYear })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.baselineUnitsLost !== null && row?.baselineUnitsLost !== undefined && row.gainsPerYear !== null
    ? { baselineUnitsLost: row.baselineUnitsLost, gainsPerYear: row.gainsPerYear }
    : undefined;
}

/**
 * The habitat a biodiversity service names, checked against the statutory metric's habitats, and the
 * distinctiveness the metric gives it (422 otherwise).
 */
async function assertHabitat(
  tx: Queryable,
  values: {
    module: 'Area' | 'Linear' | 'River';
    broadHabitat?: string | undefined;
    habitatType: string;
    distinctiveness: Distinctiveness;
  },
): Promise<void> {
  const [row] = await tx
    .select({ id: habitats.id })
    .from(habitats)
    .where(
      and(
        eq(habitats.module, values.module),
        eq(habitats.habitatType, values.habitatType),
        values.module === 'Area' && values.broadHabitat !== undefined
          ? eq(habitats.broadHabitat, values.broadHabitat)
          : undefined,
      ),
    )
    .limit(1);
  if (row === undefined) throw notAnOption('habitatType');
  await assertHabitatDistinctiveness(tx, values, values.distinctiveness, 'distinctiveness');
}

/** What a service's dialog writes: every column but its keys and stamps. */
type ServiceColumns = Omit<
  typeof projectServices.$inferInsert,
  'id' | 'projectId' | 'createdAt' | 'updatedAt'
>;

const biodiversityColumns = (values: {
  module: 'Area' | 'Linear' | 'River';
  broadHabitat?: string | undefined;
  habitatType: string;
  distinctiveness: (typeof projectServices.$inferInsert)['distinctiveness'];
  condition: (typeof projectServices.$inferInsert)['condition'];
  size: number;
  strategicSignificance: (typeof projectServices.$inferInsert)['strategicSignificance'];
  difficulty: (typeof projectServices.$inferInsert)['difficulty'];
  mitigationBegins: string;
  creationDate?: string | undefined;
}): ServiceColumns => ({
  type: 'Biodiversity',
  module: values.module,
  broadHabitat: values.module === 'Area' ? (values.broadHabitat ?? null) : null,
  habitatType: values.habitatType,
  distinctiveness: values.distinctiveness,
  condition: values.condition,
  size: values.size,
  sizeUnit: MODULE_UNITS[values.module],
  strategicSignificance: values.strategicSignificance,
  difficulty: values.difficulty,
  mitigationBegins: values.mitigationBegins,
  creationDate: values.creationDate ?? null,
  years: null,
});

const nutrientColumns = (values: {
  service: (typeof projectServices.$inferInsert)['type'];
  mitigationBegins: string;
  mitigationDuration: NonNullable<(typeof projectServices.$inferInsert)['mitigationDuration']>;
  area: number;
  units: number;
}): ServiceColumns => ({
  type: values.service,
  mitigationBegins: values.mitigationBegins,
  mitigationDuration: values.mitigationDuration,
  area: values.area,
  units: values.units,
  years: CREDIT_DURATION_YEARS[values.mitigationDuration],
});

/** A service of the project of the given family, or 422 at `serviceId`. */
async function serviceOfProject(tx: Queryable, projectId: string, serviceId: string, biodiversity: boolean) {
  const services = await servicesOf(tx, [projectId]);
  const found = services.find(
    ({ service }) => service.id === serviceId && (service.type === 'Biodiversity') === biodiversity,
  );
  if (found === undefined) throw notAnOption('serviceId');
  return found.service;
}

const serviceOptions = async (db: Queryable, projectId: string, biodiversity: boolean) =>
  (await servicesOf(db, [projectId]))
    .filter(({ service }) => (service.type === 'Biodiversity') === biodiversity)
    .map(({ service }) => service);

/** The columns of a service that hold a value, by name: a form's initial values. */
const presentColumns = <K extends keyof ProjectServiceRow>(
  service: ProjectServiceRow,
  keys: readonly K[],
): Record<string, unknown> =>
  Object.fromEntries(keys.flatMap((key) => (service[key] === null ? [] : [[key, service[key]]])));

/** An Edit…Service form: the project's services of its kind to choose from, the first one's values filled in. */
const editServiceForm = (
  services: readonly ProjectServiceRow[],
  initialValues: (service: ProjectServiceRow) => Record<string, unknown>,
) => {
  const [first] = services;
  return {
    options: { serviceId: services.map((service) => ({ value: service.id, label: serviceLabel(service) })) },
    initialValues: first === undefined ? {} : { serviceId: first.id, ...initialValues(first) },
  };
};

/**
 * Adds a service to a project (no `serviceId`) or rewrites one, then what follows from its services: the project's
 * credit types, its edit stamp and its yearly units.
 */
async function saveService(
  tx: Queryable,
  projectId: string,
  serviceId: string | null,
  columns: ServiceColumns,
  now: Date,
): Promise<void> {
  if (serviceId === null)
    await tx.insert(projectServices).values({ projectId, ...columns, createdAt: now, updatedAt: now });
  else
    await tx
      .update(projectServices)
      .set({ ...columns, updatedAt: now })
      .where(eq(projectServices.id, serviceId));
  await refreshServiceTypes(tx, projectId, now);
  await updateProject(tx, projectId, edited, now);
  await refreshUnits(tx, projectId);
}

const BIODIVERSITY_FIELDS = [
  'module',
  'broadHabitat',
  'habitatType',
  'distinctiveness',
  'condition',
  'size',
  'strategicSignificance',
  'difficulty',
  'mitigationBegins',
  'creationDate',
] as const;

/** The handlers of the project's services, supply, location and costs (changes before screening). */
export const projectServiceHandlers = {
  AddBiodiversityService: {
    async handle({ tx, record, values, now }) {
      await assertHabitat(tx, values);
      await saveService(tx, record.id, null, biodiversityColumns(values), now);
      return { message: 'Biodiversity service added' };
    },
  },
  EditBiodiversityService: {
    async load({ db, record }) {
      return editServiceForm(await serviceOptions(db, record.id, true), (service) =>
        presentColumns(service, BIODIVERSITY_FIELDS),
      );
    },
    async handle({ tx, record, values, now }) {
      const service = await serviceOfProject(tx, record.id, values.serviceId, true);
      await assertHabitat(tx, values);
      await saveService(tx, record.id, service.id, biodiversityColumns(values), now);
      return { message: 'Biodiversity service updated' };
    },
  },
  AddNutrientService: {
    async handle({ tx, record, values, now }) {
      await saveService(tx, record.id, null, nutrientColumns(values), now);
      return { message: 'Nutrient service added' };
    },
  },
  EditNutrientService: {
    async load({ db, record }) {
      return editServiceForm(await serviceOptions(db, record.id, false), (service) => ({
        service: service.type,
        ...presentColumns(service, ['mitigationBegins', 'mitigationDuration', 'area', 'units']),
      }));
    },
    async handle({ tx, record, values, now }) {
      const service = await serviceOfProject(tx, record.id, values.serviceId, false);
      await saveService(tx, record.id, service.id, nutrientColumns(values), now);
      return { message: 'Nutrient service updated' };
    },
  },
  SetBiodiversitySupply: {
    async load({ record }) {
      return record.gainsPerYear === null
        ? {}
        : {
            initialValues: {
              baselineUnitsLost: record.baselineUnitsLost,
              yearsToTargetCondition: record.yearsToTargetCondition,
              gainsPerYear: [...record.gainsPerYear],
            },
          };
    },
    async handle({ tx, record, values, now }) {
      await updateProject(
        tx,
        record.id,
        {
          baselineUnitsLost: values.baselineUnitsLost,
          yearsToTargetCondition: values.yearsToTargetCondition,
          gainsPerYear: values.gainsPerYear,
          ...edited,
        },
        now,
      );
      await refreshUnits(tx, record.id);
      return { message: 'Biodiversity supply set' };
    },
  },
  SetLocation: {
    async load({ record }) {
      return record.locationCreditTypes === null
        ? { initialValues: { creditTypes: [...record.serviceTypes] } }
        : {
            initialValues: {
              creditTypes: [...record.locationCreditTypes],
              ...(record.lpaId === null ? {} : { lpa: record.lpaId }),
              ...(record.ncaId === null ? {} : { nca: record.ncaId }),
              ...(record.subcatchmentId === null ? {} : { subcatchment: record.subcatchmentId }),
              nearAddress: record.nearAddress ?? '',
              ...(record.gridReference === null ? {} : { gridReference: record.gridReference }),
              ...(record.threeWords === null ? {} : { threeWords: record.threeWords }),
            },
          };
    },
    async handle({ tx, record, values, now }) {
      const biodiversity = values.creditTypes.includes('Biodiversity');
      const nutrient = values.creditTypes.some((type) => type !== 'Biodiversity');
      const exists = async (
        table: typeof lpas | typeof ncas | typeof subcatchments,
        id: string,
        path: string,
      ) => {
        const [row] = isRecordId(id)
          ? await tx.select({ id: table.id }).from(table).where(eq(table.id, id))
          : [];
        if (row === undefined) throw notAnOption(path);
        return row.id;
      };
      const lpaId = await exists(lpas, values.lpa, 'lpa');
      const ncaId = biodiversity && values.nca !== undefined ? await exists(ncas, values.nca, 'nca') : null;
      const subcatchmentId =
        nutrient && values.subcatchment !== undefined
          ? await exists(subcatchments, values.subcatchment, 'subcatchment')
          : null;
      const fields = {
        locationCreditTypes: values.creditTypes,
        lpaId,
        ncaId,
        subcatchmentId,
        nearAddress: values.nearAddress,
        gridReference: values.gridReference ?? null,
        threeWords: values.threeWords ?? null,
      };
      await updateProject(tx, record.id, { ...fields, ...edited }, now);
      await saveLocation(
        tx,
        { ownerType: 'project', ownerId: record.id },
        { ...fields, creditTypes: values.creditTypes },
        now,
      );
      return { message: 'Location set' };
    },
  },
  SetCosts: {
    async load({ record }) {
      return record.maintenance === null
        ? {}
        : {
            initialValues: {
              maintenance: record.maintenance,
              marketOperator: record.marketOperatorFee,
              complianceMonitoring: record.complianceMonitoring,
              performanceMonitoring: record.performanceMonitoring,
            },
          };
    },
    async handle({ tx, record, values, now }) {
      await updateProject(
        tx,
        record.id,
        {
          maintenance: values.maintenance,
          marketOperatorFee: values.marketOperator,
          complianceMonitoring: values.complianceMonitoring,
          performanceMonitoring: values.performanceMonitoring,
        },
        now,
      );
      return { message: 'Costs and fees set' };
    },
  },
} satisfies Partial<RecordHandlers<typeof PROJECT_ACTIONS, ProjectRecord, ProjectRelation>>;
