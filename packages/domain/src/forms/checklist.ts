/**
 * One line of a record's 'What is still needed' checklist, computed by the server from the same checks its guards
 * use: what it is, whether it is done, and the actions whose dialogs complete it (the page offers those the reader
 * may run).
 */
export interface ChecklistItem {
  id: string;
  label: string;
  done: boolean;
  actionIds: string[];
}
