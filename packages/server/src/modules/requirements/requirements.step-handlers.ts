import {
  type ActionResult,
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  DOCUMENT_UPLOAD_EXTENSIONS,
  firstDeliveryYear,
  HABITAT_TYPE_REQUIRED_DISTINCTIVENESS,
  NUTRIENT_CREDIT_TYPES,
  type REQUIREMENT_ACTIONS,
  roundYearlyPeriods,
  type setBuyerCredits,
  type setBuyerDevelopment,
  type setInvestorCredits,
  type setInvestorLocation,
  UPLOAD_EXTENSIONS,
  type updateRequirement,
  wizardNext,
} from '@curlew/domain';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { retireOwnerFiles } from '../files/files.repo.ts';
import { assertHabitatDistinctiveness } from '../refdata/habitat-distinctiveness.ts';
import { lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import { findRoundRecord } from '../rounds/rounds.repo.ts';
import { storeFieldFile } from './requirements.after-round.ts';
import type { RequirementRecord, RequirementRelation } from './requirements.kind.ts';
import { assertHabitat, assertModuleHabitat, assertReference } from './requirements.references.ts';
import { roundForRequirement } from './requirements.registration.ts';
import { type CreditLine, deleteBid, replaceCredits, updateRequirementRow } from './requirements.repo.ts';

/** The wizard's next step after `actionId` for the record's type, as a result. */
export const next = (
  record: Pick<RequirementRecord, 'id' | 'type'>,
  actionId: string,
  message: string,
): ActionResult => {
  const following = wizardNext(record.type, actionId);
  return {
    message,
    context: { id: record.id, self: `/requirement/${record.id}` },
    ...(following === undefined ? {} : { nextAction: { id: following } }),
  };
};

/** The years an additional nutrient need runs: the round's yearly periods up to its AMP end. */
const additionalYears = async (
  db: Queryable,
  record: RequirementRecord,
  now: Date,
): Promise<number | null> => {
  if (record.marketRoundId === null || record.roundAmpEnd === null) return null;
  const round = await findRoundRecord(db, record.marketRoundId);
  const closes = round?.registrationDates.requirements?.end ?? now;
  return roundYearlyPeriods({ firstDeliveryYear: firstDeliveryYear(closes), ampEnd: record.roundAmpEnd })
    .length;
};

const blankBuyer = {
  creditType: null,
  nutrientType: null,
  nutrientOngoingUnits: null,
  nutrientAdditionalUnits: null,
  nutrientAcceptOngoingOnly: null,
  bioBroadHabitat: null,
  bioHabitatType: null,
  bioDistinctiveness: null,
  bioUnits: null,
  bioIsDivisible: null,
} as const;

const blankPlace = {
  developmentCreditType: null,
  planningRef: null,
  redemptionDate: null,
  lpaId: null,
  ncaId: null,
  subcatchmentId: null,
  nearAddress: null,
  gridReference: null,
  threeWords: null,
  localOnly: false,
} as const;

const blankInvestor = {
  investorUnits: null,
  investorIsDivisible: null,
  investorModule: null,
  investorDistinctiveness: null,
  investorBroadHabitat: null,
  investorHabitatType: null,
} as const;

type Handler<Def extends (typeof REQUIREMENT_ACTIONS)[number]> = RecordActionHandler<
  Def,
  RequirementRecord,
  RequirementRelation
>;

/**
 * A wizard step's handler from its dialog's: the step is the dialog's definition under another id (same fields,
 * same input schema), so the dialog's handler takes its values as they are.
 */
export const sameInput = <Def extends (typeof REQUIREMENT_ACTIONS)[number]>(
  handler: Handler<(typeof REQUIREMENT_ACTIONS)[number]> | object,
): Handler<Def> => handler as Handler<Def>;

const isBuyer = (record: RequirementRecord) => record.type === 'Buyer';
const isInvestor = (record: RequirementRecord) => record.type === 'Investor';

/** Update and the wizard's details step: name and type; a new type removes all the requirement's data. */
export const detailsHandler = (wizard: boolean): Handler<typeof updateRequirement> => ({
  async load({ record }) {
    return {
      initialValues: { name: record.name, type: record.type },
      settings: { currentType: record.type },
    };
  },
  async handle({ tx, record, actor, values, now, describe }) {
    const changed = values.type !== record.type;
    // A requirement in a round keeps to it: the owner must take part there in the new type's capacity.
    if (changed && record.marketRoundId !== null)
      await roundForRequirement(tx, {
        roundId: record.marketRoundId,
        path: 'type',
        type: values.type,
        buyer: { id: record.buyerId, name: record.buyerName },
        actor,
      });
    await updateRequirementRow(
      tx,
      record.id,
      changed
        ? { name: values.name, type: values.type, ...blankBuyer, ...blankPlace, ...blankInvestor }
        : { name: values.name },
      now,
    );
    if (changed) {
      await replaceCredits(tx, record.id, [], now);
      await deleteBid(tx, record.id);
      await retireOwnerFiles(tx, { ownerType: 'requirement', ownerId: record.id });
      describe({ removed: 'Changing type removed all data from the credit requirement' });
    }
    const message = changed
      ? `${values.name} is now for ${values.type === 'Buyer' ? 'a buyer' : 'an investor'}`
      : 'Details saved';
    return wizard ? next({ id: record.id, type: values.type }, 'WizardDetails', message) : { message };
  },
});

/** SetBuyerCredits and the wizard's step: the credits, their files and credit lines. */
export const buyerCreditsHandler = (wizard: boolean): Handler<typeof setBuyerCredits> => ({
  appliesTo: isBuyer,
  async load({ db, record }) {
    // In a round, only the credits it trades are offered.
    const round = record.marketRoundId === null ? undefined : await findRoundRecord(db, record.marketRoundId);
    return {
      ...(round === undefined
        ? {}
        : {
            options: {
              type: CREDIT_TYPES.filter((type) => (round.services as string[]).includes(type)).map(
                (type) => ({ value: type, label: CREDIT_TYPE_LABELS[type] }),
              ),
            },
          }),
      initialValues:
        record.creditType === null
          ? {}
          : {
              type: record.creditType,
              bioBroadHabitat: record.bioBroadHabitat,
              bioHabitatType: record.bioHabitatType,
              bioDistinctiveness: record.bioDistinctiveness,
              bioUnits: record.bioUnits,
              bioIsDivisible: record.bioIsDivisible,
              nutrientType: record.nutrientType,
              nutrientOngoingUnits: record.nutrientOngoingUnits,
              nutrientAdditionalUnits: record.nutrientAdditionalUnits,
              nutrientAcceptOngoingOnly: record.nutrientAcceptOngoingOnly,
            },
      settings: { ampEnd: record.roundAmpEnd },
    };
  },
  async handle(context) {
    const { tx, record, values, now } = context;
    if (record.marketRoundId !== null) {
      const round = await findRoundRecord(tx, record.marketRoundId);
      if (round !== undefined && !(round.services as string[]).includes(values.type))
        throw validationError('type', `${round.name} does not trade these credits`);
    }
    const lines: CreditLine[] = [];
    if (values.type === 'Biodiversity') {
      await assertHabitat(tx, values.bioBroadHabitat, values.bioHabitatType, {
        broad: 'bioBroadHabitat',
        type: 'bioHabitatType',
      });
      if (values.bioHabitatType !== undefined && values.bioDistinctiveness !== undefined)
        await assertHabitatDistinctiveness(
          tx,
          { habitatType: values.bioHabitatType },
          values.bioDistinctiveness,
          'bioDistinctiveness',
        );
      await updateRequirementRow(
        tx,
        record.id,
        {
          ...blankBuyer,
          creditType: values.type,
          bioBroadHabitat: values.bioBroadHabitat ?? null,
          bioHabitatType: values.bioHabitatType ?? null,
          bioDistinctiveness: values.bioDistinctiveness ?? null,
          bioUnits: values.bioUnits ?? null,
          bioIsDivisible: values.bioIsDivisible ?? null,
        },
        now,
      );
      lines.push({ type: values.type, requiredUnits: values.bioUnits ?? 0, isPermanent: true, years: null });
      await storeFieldFile(context, record.id, 'biodiversityMetric', UPLOAD_EXTENSIONS);
    } else {
      const nutrientType = values.nutrientType ?? 'ongoing';
      const ongoing = nutrientType === 'additional' ? null : (values.nutrientOngoingUnits ?? null);
      const additional = nutrientType === 'ongoing' ? null : (values.nutrientAdditionalUnits ?? null);
      await updateRequirementRow(
        tx,
        record.id,
        {
          ...blankBuyer,
          creditType: values.type,
          nutrientType,
          nutrientOngoingUnits: ongoing,
          nutrientAdditionalUnits: additional,
          nutrientAcceptOngoingOnly:
            nutrientType === 'both' ? (values.nutrientAcceptOngoingOnly ?? null) : null,
        },
        now,
      );
      if (ongoing !== null)
        lines.push({ type: values.type, requiredUnits: ongoing, isPermanent: true, years: null });
      if (additional !== null)
        lines.push({
          type: values.type,
          requiredUnits: additional,
          isPermanent: false,
          years: await additionalYears(tx, record, now),
        });
      await storeFieldFile(context, record.id, 'budgetCalculator', UPLOAD_EXTENSIONS);
    }
    await replaceCredits(tx, record.id, lines, now);
    return wizard ? next(record, 'WizardBuyerCredits', 'Credits saved') : { message: 'Credits saved' };
  },
});

/** SetBuyerDevelopment and the wizard's step: where and when the development needs the credits. */
export const developmentHandler = (wizard: boolean): Handler<typeof setBuyerDevelopment> => ({
  appliesTo: isBuyer,
  async load({ record }) {
    const creditType = record.developmentCreditType ?? record.creditType;
    const date = record.redemptionDate;
    return {
      initialValues: {
        ...(creditType === null ? {} : { creditType }),
        ...(record.planningRef === null
          ? {}
          : {
              planningRef: record.planningRef,
              lpaId: record.lpaId,
              ncaId: record.ncaId,
              subcatchmentId: record.subcatchmentId,
              nearAddress: record.nearAddress,
              gridReference: record.gridReference,
              threeWords: record.threeWords,
              localOnly: record.localOnly,
              ...(creditType === 'Biodiversity' ? { redemptionDate: date } : { deliveryDate: date }),
            }),
      },
    };
  },
  async handle({ tx, record, values, now }) {
    const nutrient = (NUTRIENT_CREDIT_TYPES as readonly string[]).includes(values.creditType);
    await assertReference(tx, lpas, values.lpaId, 'lpaId');
    if (!nutrient) await assertReference(tx, ncas, values.ncaId, 'ncaId');
    if (nutrient) await assertReference(tx, subcatchments, values.subcatchmentId, 'subcatchmentId');
    await updateRequirementRow(
      tx,
      record.id,
      {
        developmentCreditType: values.creditType,
        planningRef: values.planningRef,
        redemptionDate: values.redemptionDate ?? null,
        lpaId: values.lpaId,
        ncaId: nutrient ? null : (values.ncaId ?? null),
        subcatchmentId: nutrient ? (values.subcatchmentId ?? null) : null,
        nearAddress: values.nearAddress,
        gridReference: values.gridReference ?? null,
        threeWords: values.threeWords ?? null,
        localOnly: values.localOnly,
      },
      now,
    );
    return wizard
      ? next(record, 'WizardBuyerDevelopment', 'Development saved')
      : { message: 'Development saved' };
  },
});

/** SetInvestorCredits and the wizard's step. */
export const investorCreditsHandler = (wizard: boolean): Handler<typeof setInvestorCredits> => ({
  appliesTo: isInvestor,
  async load({ record }) {
    return {
      initialValues:
        record.investorUnits === null
          ? {}
          : {
              units: record.investorUnits,
              redemptionDate: record.redemptionDate,
              isDivisible: record.investorIsDivisible,
              module: record.investorModule,
              distinctiveness: record.investorDistinctiveness,
              broadHabitat: record.investorBroadHabitat,
              habitatType: record.investorHabitatType,
            },
    };
  },
  async handle(context) {
    const { tx, record, values, now } = context;
    const broadHabitat = values.module === 'Area' ? values.broadHabitat : undefined;
    const habitatType = HABITAT_TYPE_REQUIRED_DISTINCTIVENESS.some((band) => band === values.distinctiveness)
      ? values.habitatType
      : undefined;
    await assertHabitat(tx, broadHabitat, habitatType, { broad: 'broadHabitat', type: 'habitatType' });
    if (habitatType !== undefined) {
      await assertModuleHabitat(tx, values.module, habitatType);
      await assertHabitatDistinctiveness(
        tx,
        { habitatType, module: values.module },
        values.distinctiveness,
        'distinctiveness',
      );
    }
    await updateRequirementRow(
      tx,
      record.id,
      {
        investorUnits: values.units,
        redemptionDate: values.redemptionDate,
        investorIsDivisible: values.isDivisible,
        investorModule: values.module,
        investorDistinctiveness: values.distinctiveness,
        investorBroadHabitat: broadHabitat ?? null,
        investorHabitatType: habitatType ?? null,
      },
      now,
    );
    await replaceCredits(
      tx,
      record.id,
      [{ type: 'Biodiversity', requiredUnits: values.units, isPermanent: true, years: null }],
      now,
    );
    await storeFieldFile(context, record.id, 'supportingDocument', DOCUMENT_UPLOAD_EXTENSIONS);
    return wizard ? next(record, 'WizardInvestorCredits', 'Credits saved') : { message: 'Credits saved' };
  },
});

/** SetInvestorLocation and the wizard's step. */
export const locationHandler = (wizard: boolean): Handler<typeof setInvestorLocation> => ({
  appliesTo: isInvestor,
  async load({ record }) {
    return {
      initialValues: record.lpaId === null ? {} : { lpa: record.lpaId, nca: record.ncaId },
    };
  },
  async handle({ tx, record, values, now }) {
    await assertReference(tx, lpas, values.lpa, 'lpa');
    await assertReference(tx, ncas, values.nca, 'nca');
    await updateRequirementRow(tx, record.id, { lpaId: values.lpa, ncaId: values.nca }, now);
    return wizard ? next(record, 'WizardInvestorLocation', 'Location saved') : { message: 'Location saved' };
  },
});
