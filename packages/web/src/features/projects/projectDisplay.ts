import {
  biodiversityServiceUnits,
  CREDIT_TYPE_LABELS,
  type CreditType,
  DISPLAY_TIME_ZONE,
  formatDate,
  isClaimOutOfLine,
  PROJECT_STATUS_LABELS,
  type Project,
  type ProjectService,
  type ProjectStatus,
  SERVICE_CERTIFICATION_STATUS_LABELS,
  SERVICE_MODULE_LABELS,
  type ServiceCertificationStatus,
  serviceSizeUnit,
} from '@curlew/domain';
import type { ActionLayout } from '../../components/actions/MoreActionsMenu.tsx';

/** A date for people, in the market's time zone. */
export const showDate = (iso: string): string => formatDate(iso, { timeZone: DISPLAY_TIME_ZONE });

/** A project status as people read it. */
export const projectStatusLabel = (status: ProjectStatus): string => PROJECT_STATUS_LABELS[status];

const FAILED: readonly ProjectStatus[] = [
  'FailedScreening',
  'FailedRound',
  'NotCertified',
  'FailedVerification',
  'Unmatched',
];
const DONE: readonly ProjectStatus[] = [
  'Certified',
  'Offered',
  'Matched',
  'Contracted',
  'Verified',
  'Monitoring',
];

/** The colour of a project status badge (dark shades: white text stays readable). */
export const projectStatusColour = (status: ProjectStatus): string =>
  FAILED.includes(status)
    ? 'red.9'
    : DONE.includes(status)
      ? 'teal.9'
      : status === 'Draft'
        ? 'gray.7'
        : 'blue.9';

/** The colour of a service certification badge. */
export const SERVICE_STATUS_COLOURS = {
  Draft: 'gray.7',
  PendingCertification: 'blue.9',
  Certified: 'teal.9',
  NotCertified: 'red.9',
} as const satisfies Record<ServiceCertificationStatus, string>;

/** A service certification status as people read it. */
export const serviceStatusLabel = (status: ServiceCertificationStatus): string =>
  SERVICE_CERTIFICATION_STATUS_LABELS[status];

/** Credit types as people read them ('Biodiversity, Nitrogen'); 'None yet' without any. */
export const creditTypesText = (types: readonly CreditType[]): string =>
  types.length === 0 ? 'None yet' : types.map((type) => CREDIT_TYPE_LABELS[type]).join(', ');

/** What a service is: its habitat (family, broad habitat, type) or its nutrient. */
export const serviceHabitat = (service: ProjectService): string => {
  if (service.type !== 'Biodiversity') return CREDIT_TYPE_LABELS[service.type];
  const family =
    service.module === 'Area' || service.module === 'Linear' || service.module === 'River'
      ? SERVICE_MODULE_LABELS[service.module]
      : undefined;
  return [family, service.broadHabitat, service.habitatType]
    .filter((part) => part !== null && part !== undefined)
    .join(' · ');
};

/** A service's size with its unit: hectares of area habitat or nutrient land, kilometres of hedgerow or river. */
export const serviceSize = (service: ProjectService): string => {
  if (service.type === 'Biodiversity') {
    if (service.size === null) return 'Not set';
    const unit = service.sizeUnit ?? serviceSizeUnit(service.module ?? undefined);
    return `${service.size} ${unit}`;
  }
  return service.area === null ? 'Not set' : `${service.area} ha`;
};

/** The units the supplier claims for a biodiversity service: the net gain of the supply (null without a supply). */
export const claimedUnits = (project: Pick<Project, 'supply'>): number | null =>
  project.supply === null ? null : biodiversityServiceUnits(project.supply);

/** Whether a biodiversity service's claim is out of line with its statutory-metric estimate. */
export const serviceOutOfLine = (service: ProjectService, claimed: number | null): boolean =>
  service.type === 'Biodiversity' &&
  claimed !== null &&
  service.metricEstimate !== null &&
  isClaimOutOfLine(claimed, service.metricEstimate);

/**
 * The project page's actions beside its next steps (registration, the operator's decisions, the offer, the checks
 * after the round, which the server marks): everything else in 'More actions' by stage.
 */
export const PROJECT_ACTION_LAYOUT: ActionLayout = {
  stages: [
    {
      label: 'Registration',
      actionIds: [
        'Update',
        'AddBiodiversityService',
        'EditBiodiversityService',
        'AddNutrientService',
        'EditNutrientService',
        'SetBiodiversitySupply',
        'SetLocation',
        'SetCosts',
        'Register',
        'CompleteRegistration',
        'Reregister',
        'AddToGroup',
        'RemoveFromGroup',
      ],
    },
    {
      label: 'Review',
      actionIds: ['AddScreeningOutcome', 'SetPreMarketReviewOutcome', 'SetCertificationDecision'],
    },
    { label: 'Market round', actionIds: ['SetOffer', 'ExcludeFromClearing', 'ReinstateInClearing'] },
    {
      label: 'After the round',
      actionIds: ['Contract', 'Verify', 'RecordComplianceCheck', 'RecordPerformanceCheck'],
    },
    { label: 'Documents', actionIds: ['UploadNatureBasedAgreement', 'UploadSection106Agreement'] },
  ],
};
