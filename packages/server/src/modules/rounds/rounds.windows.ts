import {
  formatDate,
  formatIsoDate,
  type ParticipationCapacity,
  type RegistrationPeriod,
  type RegistrationWindow,
} from '@curlew/domain';

/** What a window is called in a sentence ('Registration of suppliers'). */
export const WINDOW_WORDS = {
  suppliers: 'Registration of suppliers',
  buyers: 'Registration of buyers and investors',
  projects: 'Registration of projects',
  requirements: 'Registration of credit requirements',
} as const satisfies Record<RegistrationPeriod, string>;

/** The window a participant registers in for a capacity. */
export const windowOfCapacity = (capacity: ParticipationCapacity): RegistrationPeriod =>
  capacity === 'Supplier' ? 'suppliers' : 'buyers';

/**
 * Why a registration in `period` cannot happen today, or undefined when its window is open (or the round has set
 * no dates for it; the round's status still applies). Windows include their first and last day.
 */
export function windowRefusal(
  round: { name: string; registrationDates: Partial<Record<RegistrationPeriod, RegistrationWindow>> },
  period: RegistrationPeriod,
  now: Date,
): string | undefined {
  const window = round.registrationDates[period];
  if (!window) return undefined;
  const today = formatIsoDate(now);
  if (today < window.start)
    return `${WINDOW_WORDS[period]} for ${round.name} opens on ${formatDate(window.start)}`;
  if (today > window.end)
    return `${WINDOW_WORDS[period]} for ${round.name} closed on ${formatDate(window.end)}`;
  return undefined;
}
