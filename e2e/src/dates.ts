import type { Locator } from 'playwright-core';

/** An ISO date `days` from today (UTC), as the date fields accept it typed. */
export const isoDay = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Types a date into a date field of a panel and leaves it, as a person does. */
export async function typeDate(input: Locator, iso: string): Promise<void> {
  await input.fill(iso);
  await input.press('Tab');
}
