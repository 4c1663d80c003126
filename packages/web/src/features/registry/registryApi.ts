import {
  CREDIT_STATUS_LABELS,
  CREDIT_TYPE_LABELS,
  type CreditStatus,
  type CreditType,
  formatCredits,
  type RegistryCredit,
} from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** Cache key prefix of everything about the registry. */
export const REGISTRY_KEY = ['registry'] as const;

const enc = encodeURIComponent;

/** Where the registry's pages live in each area: the operator's under `/registry`, everyone else's at the root. */
export interface RegistryPaths {
  credit(id: string): string;
  /** Null where the reader may not open another organisation's project (a buyer's view of its sources). */
  project: ((id: string) => string) | null;
  requirement(id: string): string;
}

/** The operator's registry page of a project. */
export const registryProjectPath = (id: string): string => `/registry/projects/${enc(id)}`;

/** The operator's registry pages. */
export const ADMIN_PATHS: RegistryPaths = {
  credit: (id) => `/registry/credits/${enc(id)}`,
  project: registryProjectPath,
  requirement: (id) => `/registry/credit-requirements/${enc(id)}`,
};

/** The operator's page of a reserved credit. */
export const reservePagePath = (id: string): string => `/registry/reserve/${enc(id)}`;

/** The registry pages of participants, agents and LPAs (records open on their own pages). */
export const AREA_PATHS: RegistryPaths = {
  credit: (id) => `/credits/${enc(id)}`,
  project: null,
  requirement: (id) => `/credit-requirements/${enc(id)}`,
};

/** A credit's duration for people. */
export const durationText = (credit: Pick<RegistryCredit, 'isPermanent' | 'years'>): string =>
  credit.isPermanent || credit.years === null ? 'Permanent' : `${credit.years} years`;

/** Delivery years as a range, e.g. '2026 to 2030'. */
export const yearsText = (years: readonly number[]): string => {
  const first = years[0];
  const last = years[years.length - 1];
  if (first === undefined || last === undefined) return '—';
  return first === last ? String(first) : `${first} to ${last}`;
};

/** A credit status as people read it. */
export const creditStatusLabel = (status: CreditStatus): string => CREDIT_STATUS_LABELS[status];
/** A credit type as people read it. */
export const creditTypeLabel = (type: CreditType): string => CREDIT_TYPE_LABELS[type];
/** Units with 2 decimals. */
export const unitsText = (units: number): string => formatCredits(units);

/** What a reserved credit still holds, saying when its project's failure wrote the rest off. */
export const remainingText = (credit: { remainingUnits: number; voidedUnits: number }): string =>
  credit.voidedUnits > 0
    ? `${unitsText(credit.remainingUnits)} (${unitsText(credit.voidedUnits)} written off: its project failed)`
    : unitsText(credit.remainingUnits);

/** The colour of a credit status badge (dark shades: white text stays readable). */
export const creditStatusColour = (status: CreditStatus): string =>
  status === 'Retired' || status === 'Redeemed' ? 'gray.8' : status === 'Issued' ? 'teal.9' : 'blue.9';

/** One record of the registry by its API path. */
export function useRegistryRecord<T>(path: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...REGISTRY_KEY, path],
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
  });
}
