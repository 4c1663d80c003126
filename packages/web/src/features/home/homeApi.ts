import type { AgentHome, HomeRecord, LpaHome, OperatorHome, ParticipantHome } from '@curlew/domain';
import {
  CREDIT_REQUIREMENT_STATUS_LABELS,
  type CreditRequirementStatus,
  formatDate,
  PROJECT_STATUS_LABELS,
  type ProjectStatus,
  REGISTRATION_STATUS_LABELS,
  type RegistrationStatus,
} from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** The home answers, by reader. */
interface HomeAnswers {
  operator: OperatorHome;
  participant: ParticipantHome;
  agent: AgentHome;
  lpa: LpaHome;
}

/** One reader's home work list (`GET /api/home/{reader}`). */
export function useHome<Reader extends keyof HomeAnswers>(reader: Reader) {
  const api = useApi();
  return useQuery({
    queryKey: ['home', reader],
    queryFn: ({ signal }) => api.get<HomeAnswers[Reader]>(`/home/${reader}`, { signal }),
  });
}

const enc = encodeURIComponent;

/** The page where a home record's work is done. */
export function recordPagePath(record: Pick<HomeRecord, 'kind' | 'id' | 'round'>): string {
  switch (record.kind) {
    case 'project':
      return `/projects/${enc(record.id)}`;
    case 'requirement':
      return `/credit-requirements/${enc(record.id)}`;
    case 'projectGroup':
      return `/project-group/${enc(record.id)}`;
    case 'requirementGroup':
      return `/requirement-group/${enc(record.id)}`;
    case 'participation':
      return record.round === null
        ? '/'
        : `/markets/${enc(record.round.marketId)}/round/${enc(record.round.id)}`;
  }
}

/** What a home record is, in words. */
export const RECORD_KIND_LABELS = {
  project: 'Project',
  requirement: 'Credit requirement',
  participation: 'Round registration',
  projectGroup: 'Project group',
  requirementGroup: 'Credit requirement group',
} as const satisfies Record<HomeRecord['kind'], string>;

/** A home record's status in words. */
export function recordStatusLabel(record: Pick<HomeRecord, 'kind' | 'status'>): string {
  switch (record.kind) {
    case 'project':
      return PROJECT_STATUS_LABELS[record.status as ProjectStatus] ?? record.status;
    case 'requirement':
      return CREDIT_REQUIREMENT_STATUS_LABELS[record.status as CreditRequirementStatus] ?? record.status;
    case 'participation':
      return REGISTRATION_STATUS_LABELS[record.status as RegistrationStatus] ?? record.status;
    default:
      return `${record.status} group`;
  }
}

/** An ISO date as the app shows dates ('d MMM yyyy'); a dash without one. */
export const dateText = (iso: string | null): string => (iso === null ? '—' : formatDate(iso));
