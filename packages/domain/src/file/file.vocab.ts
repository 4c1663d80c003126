import { PROJECT_DOCUMENT_KIND_LABELS, REQUIREMENT_DOCUMENT_KIND_LABELS } from '../vocab/files.ts';
import type { FileView } from './file.schema.ts';

/** How documents are named and reached on screen, apart from their schemas, so a page that lists them loads none. */

/** The id of the action that replaces a record's document with a new version. */
export const REPLACE_DOCUMENT_ACTION_ID = 'ReplaceDocument';

const DOCUMENT_KIND_LABELS: Readonly<Record<string, string>> = {
  ...PROJECT_DOCUMENT_KIND_LABELS,
  ...REQUIREMENT_DOCUMENT_KIND_LABELS,
  AuthorityToAct: 'Authority to act',
};

/** How a document tag is named on screen: the spec's label when known, else its words ('SiteMap' -> 'Site map'). */
export const documentKindLabel = (tag: string): string => {
  const known = DOCUMENT_KIND_LABELS[tag];
  if (known !== undefined) return known;
  const words = tag
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The API path (no `/api` prefix) that downloads a file. */
export const fileDownloadPath = (file: Pick<FileView, 'id' | 'ownerType' | 'ownerId'>): string =>
  `/file/${encodeURIComponent(file.id)}/download?ownerType=${encodeURIComponent(file.ownerType)}&ownerId=${encodeURIComponent(file.ownerId)}`;
