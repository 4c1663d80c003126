import {
  formatDate,
  formatIsoDate,
  type ParticipationCapacity,
  REGISTRATION_PERIOD_LABELS,
  REGISTRATION_PERIODS,
  type RegistrationPeriod,
  type RegistrationWindow,
} from '@curlew/domain';
import { AppError } from '../../platform/errors.ts';

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

/**
 * SetRegistrationDates refuses a window that is wholly in the past (it ended before today), unless the round already
 * had exactly that window (a window that has run its course may stay as it was): 422 at the window's end.
 */
export function assertNoWindowEnded(
  round: { registrationDates: Partial<Record<RegistrationPeriod, RegistrationWindow>> },
  windows: Record<RegistrationPeriod, RegistrationWindow>,
  now: Date,
): void {
  const today = formatIsoDate(now);
  const errors = REGISTRATION_PERIODS.flatMap((period) => {
    const window = windows[period];
    const before = round.registrationDates[period];
    if (window.end >= today || (before?.start === window.start && before.end === window.end)) return [];
    const message = `${REGISTRATION_PERIOD_LABELS[period]} is wholly in the past: choose an end date from today on`;
    return [{ path: `${period}.end`, message }];
  });
  if (errors.length > 0) throw new AppError('validation', errors[0]?.message ?? '', { errors });
}
