import type { ChecklistItem } from '@curlew/domain';

/** A checklist line with the sentences a guard or a dialog refuses with while it is open. */
export interface CheckedLine extends ChecklistItem {
  issues: string[];
}

/** A line of a record page's 'What is still needed': done when nothing is missing. */
export const checkedLine = (
  id: string,
  label: string,
  actionIds: string[],
  issues: string[],
): CheckedLine => ({
  id,
  label,
  done: issues.length === 0,
  actionIds,
  issues,
});

/** The lines as the page shows them, without the sentences the guards use. */
export const shownChecklist = (lines: readonly CheckedLine[]): ChecklistItem[] =>
  lines.map(({ id, label, done, actionIds }) => ({ id, label, done, actionIds }));
