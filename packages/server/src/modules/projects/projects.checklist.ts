import {
  type ChecklistItem,
  type EntityAction,
  NUTRIENT_CREDIT_TYPES,
  PROJECT_ACTIONS,
  type ProjectStatus,
} from '@curlew/domain';
import { type CheckedLine, checkedLine as line, shownChecklist } from '../../platform/actions/checklist.ts';
import { lifecycleNextSteps } from '../../platform/actions/next-steps.ts';
import type { ProjectRecord } from './projects.repo.ts';

/** The statuses after a match, when the two agreements are needed before the contract. */
const AFTER_MATCH: readonly ProjectStatus[] = [
  'Matched',
  'Contracted',
  'Verified',
  'FailedVerification',
  'Monitoring',
];

/** The statuses in which the offer is made or has been made. */
const OFFER_STATUSES: readonly ProjectStatus[] = ['Certified', 'Offered', ...AFTER_MATCH];

type RegistrationFacts = Pick<
  ProjectRecord,
  'typeId' | 'gainsPerYear' | 'locationCreditTypes' | 'ncaId' | 'subcatchmentId' | 'maintenance'
>;

/**
 * What a project needs before its registration completes, one line each: type, a service, the supply by year (for a
 * biodiversity service), the location (with its NCA or subcatchment) and the costs and fees.
 */
export function registrationLines(
  record: RegistrationFacts,
  serviceTypes: ReadonlySet<string>,
): CheckedLine[] {
  const biodiversity = serviceTypes.has('Biodiversity');
  const location: string[] = [];
  if (record.locationCreditTypes === null) location.push('Set the location');
  else {
    if (biodiversity && record.ncaId === null)
      location.push('Set the National Character Area of the location');
    if (NUTRIENT_CREDIT_TYPES.some((type) => serviceTypes.has(type)) && record.subcatchmentId === null)
      location.push('Set the subcatchment of the location');
  }
  return [
    line(
      'type',
      'Project type',
      ['Update'],
      record.typeId === null ? ['Choose the project type (Update details)'] : [],
    ),
    line(
      'service',
      'A service',
      ['AddBiodiversityService', 'AddNutrientService'],
      serviceTypes.size === 0 ? ['Add at least one service'] : [],
    ),
    ...(biodiversity
      ? [
          line(
            'supply',
            'Supply by year',
            ['SetBiodiversitySupply'],
            record.gainsPerYear === null ? ['Set the biodiversity supply'] : [],
          ),
        ]
      : []),
    line('location', 'Location', ['SetLocation'], location),
    line(
      'costs',
      'Costs and fees',
      ['SetCosts'],
      record.maintenance === null ? ['Set the project costs and fees'] : [],
    ),
  ];
}

/** The two agreements a matched project needs before its contract, one line each. */
function agreementLines(documentTags: ReadonlySet<string>): CheckedLine[] {
  return [
    line(
      'natureBasedAgreement',
      'Nature-based agreement',
      ['UploadNatureBasedAgreement'],
      documentTags.has('NatureBasedAgreement') ? [] : ['the nature-based agreement'],
    ),
    line(
      'section106Agreement',
      'Section 106 agreement',
      ['UploadSection106Agreement'],
      documentTags.has('Section106Agreement') ? [] : ['the Section 106 agreement'],
    ),
  ];
}

/** The missing agreements of a project about to be contracted, as a sentence; undefined when both are there. */
export const missingAgreements = (tags: ReadonlySet<string>): string | undefined => {
  const missing = agreementLines(tags).flatMap((item) => item.issues);
  return missing.length === 0 ? undefined : `Upload ${missing.join(' and ')} before contracting the project`;
};

/**
 * The project page's 'What is still needed': the registration lines, the offer (for those who see it, once the
 * project is certified) and, after a match, the two agreements.
 */
export function projectChecklist(
  record: RegistrationFacts & Pick<ProjectRecord, 'status' | 'offer'>,
  facts: { serviceTypes: ReadonlySet<string>; documentTags: ReadonlySet<string>; seesOffer: boolean },
): ChecklistItem[] {
  const lines = registrationLines(record, facts.serviceTypes);
  if (facts.seesOffer && OFFER_STATUSES.includes(record.status))
    lines.push(line('offer', 'Offer', ['SetOffer'], record.offer === null ? ['Set the offer'] : []));
  if (AFTER_MATCH.includes(record.status)) lines.push(...agreementLines(facts.documentTags));
  return shownChecklist(lines);
}

/**
 * The moves of a project's life its page offers first: registration, the operator's decisions, the offer, the
 * checks after the round.
 */
const PROJECT_STEPS = [
  'Register',
  'CompleteRegistration',
  'Reregister',
  'AddScreeningOutcome',
  'SetPreMarketReviewOutcome',
  'SetCertificationDecision',
  'SetOffer',
  'ReinstateInClearing',
  'Contract',
  'Verify',
  'RecordComplianceCheck',
  'RecordPerformanceCheck',
];

/**
 * A project's next steps: its lifecycle's steps and, once matched, each agreement still to upload (its checklist line
 * open) beside Contract.
 */
export const projectNextSteps = (
  record: Pick<ProjectRecord, 'status'>,
  actions: readonly EntityAction[],
  checklist: readonly ChecklistItem[],
): string[] => {
  const uploads =
    record.status === 'Matched'
      ? checklist.filter((item) => !item.done).flatMap((item) => item.actionIds)
      : [];
  const agreements = ['UploadNatureBasedAgreement', 'UploadSection106Agreement'].filter((id) =>
    uploads.includes(id),
  );
  return lifecycleNextSteps(PROJECT_ACTIONS, actions, record.status, [...agreements, ...PROJECT_STEPS]);
};
