/**
 * One line of a record's 'What is still needed' checklist (a round, a project, a requirement), computed by the server
 * from the same checks its guards use: what it is, whether it is done, what is set or missing in words, and the
 * actions whose dialogs complete it (the page offers those the reader may run).
 */
export interface ChecklistItem {
  id: string;
  label: string;
  done: boolean;
  /** What is set (done) or what is missing (not done), in words, when the label alone does not say. */
  detail?: string;
  actionIds: string[];
}
