/** The files of an ImportData submission, by field id. */
export const IMPORT_DATA_FILE_FIELDS = ['datasetXLS', 'suppliersCSV', 'buyersCSV', 'investorsCSV'] as const;
/** A file field of ImportData. */
export type ImportDataFile = (typeof IMPORT_DATA_FILE_FIELDS)[number];

/** What is wrong with one row (or a whole file, row null) of an imported data set. */
export interface ImportRowError {
  file: ImportDataFile;
  /** The workbook sheet, for the participant data set. */
  sheet: string | null;
  /** The row (1 is the header), or null for the whole file. */
  row: number | null;
  /** The column at fault, if one. */
  column: string | null;
  message: string;
}

/** An offer an import sets: the project, the new offer and the one it replaces. */
export interface ImportOfferChange {
  project: { id: string; name: string; self: string };
  supplier: string;
  offer: number;
  before: number | null;
}

/** A bid an import sets: the requirement, the new bid and the one it replaces. */
export interface ImportBidChange {
  requirement: { id: string; name: string; self: string };
  bidder: string;
  bid: number;
  acceptOngoingOnly: boolean;
  bidOngoingOnly: number | null;
  before: { bid: number; acceptOngoingOnly: boolean; bidOngoingOnly: number | null } | null;
}

/**
 * The preview of an import (`POST /api/round/{id}/import-data/preview`): what would change, how many rows are left
 * alone (another credit type or bidder, or no offer or bid given) and every row's problem. ImportData saves the
 * changes only when there is no error, all of them in one transaction.
 */
export interface ImportDataPreview {
  offers: ImportOfferChange[];
  bids: ImportBidChange[];
  /** Rows read, and rows left alone. */
  rows: number;
  unchanged: number;
  errors: ImportRowError[];
}

/** How a row's problem reads in one sentence ("Suppliers, row 3, offer: Must be a number greater than 0"). */
export const importErrorText = (error: ImportRowError, fileLabel: string): string =>
  [
    error.sheet ? `${fileLabel} (${error.sheet} sheet)` : fileLabel,
    error.row === null ? null : `row ${error.row}`,
    error.column,
  ]
    .filter((part) => part !== null)
    .join(', ')
    .concat(`: ${error.message}`);

/** The data sets of a round the operator downloads for a solver outside Curlew (SPEC 3 "Data sets"). */
export const ROUND_DATASET_NAMES = ['suppliers', 'buyers', 'investors', 'participants', 'winners'] as const;
/** A round data set's name. */
export type RoundDatasetName = (typeof ROUND_DATASET_NAMES)[number];
/** What each data set is called on the page. */
export const ROUND_DATASET_LABELS: Record<RoundDatasetName, string> = {
  suppliers: 'Suppliers',
  buyers: 'Buyers',
  investors: 'Investors',
  participants: 'Participant data',
  winners: 'Winners',
};
/** The formats a data set downloads in. */
export const ROUND_DATASET_FORMATS = ['csv', 'xlsx'] as const;
/** A data set's download format. */
export type RoundDatasetFormat = (typeof ROUND_DATASET_FORMATS)[number];

/** The API path (no `/api` prefix) of a round's data set: `/round/{id}/datasets/{name}.{format}`. */
export const roundDatasetPath = (
  roundId: string,
  name: RoundDatasetName,
  format: RoundDatasetFormat,
): string => `/round/${roundId}/datasets/${name}.${format}`;

/** The API path (no `/api` prefix) of ImportData's preview: `/round/{id}/import-data/preview`. */
export const importDataPreviewPath = (roundId: string): string => `/round/${roundId}/import-data/preview`;
