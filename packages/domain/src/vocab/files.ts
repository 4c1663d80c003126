/** Kinds of stored file, for icons and previews (SPEC 3 "Other"). */
export const FILE_TYPES = ['Excel', 'Image', 'PDF', 'Powerpoint', 'Video', 'Word', 'Unknown'] as const;
/** One file type. */
export type FileType = (typeof FILE_TYPES)[number];

type KnownFileType = Exclude<FileType, 'Unknown'>;

/** File name extensions (lower case, no dot) of each file type; CSV counts as a spreadsheet. */
const FILE_TYPE_EXTENSIONS = {
  Excel: ['xls', 'xlsx', 'xlsm', 'xlsb', 'csv', 'ods'],
  Image: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'tif', 'tiff', 'heic', 'avif'],
  PDF: ['pdf'],
  Powerpoint: ['ppt', 'pptx', 'pps', 'ppsx', 'odp'],
  Video: ['mp4', 'm4v', 'mov', 'avi', 'mkv', 'webm', 'wmv', 'mpeg', 'mpg'],
  Word: ['doc', 'docx', 'odt', 'rtf'],
} as const satisfies Record<KnownFileType, readonly string[]>;

const fileTypeFromMime = (mime: string): KnownFileType | undefined => {
  const essence = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence.startsWith('image/')) return 'Image';
  if (essence.startsWith('video/')) return 'Video';
  if (essence === 'application/pdf') return 'PDF';
  if (
    essence === 'text/csv' ||
    essence.startsWith('application/vnd.ms-excel') ||
    essence.includes('spreadsheetml') ||
    essence === 'application/vnd.oasis.opendocument.spreadsheet'
  )
    return 'Excel';
  if (
    essence.startsWith('application/vnd.ms-powerpoint') ||
    essence.includes('presentationml') ||
    essence === 'application/vnd.oasis.opendocument.presentation'
  )
    return 'Powerpoint';
  if (
    essence === 'application/msword' ||
    essence.startsWith('application/vnd.ms-word') ||
    essence.includes('wordprocessingml') ||
    essence === 'application/vnd.oasis.opendocument.text' ||
    essence === 'application/rtf' ||
    essence === 'text/rtf'
  )
    return 'Word';
  return undefined;
};

/** The lower-case extension of a file name without the dot, or '' when it has none. */
export const fileExtension = (filename: string): string => {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

const fileTypeFromExtension = (filename: string): KnownFileType | undefined => {
  const extension = fileExtension(filename);
  const types = Object.keys(FILE_TYPE_EXTENSIONS) as KnownFileType[];
  return types.find((type) => (FILE_TYPE_EXTENSIONS[type] as readonly string[]).includes(extension));
};

/** The file type from its MIME type when that is recognised, else from the file name's extension, else 'Unknown'. */
export const detectFileType = (
  mime: string | null | undefined,
  filename: string | null | undefined,
): FileType => fileTypeFromMime(mime ?? '') ?? fileTypeFromExtension(filename ?? '') ?? 'Unknown';

/** Extensions a file input refuses: executables and disk images (SPEC 5 "Form engine"). */
const BLOCKED_UPLOAD_EXTENSIONS = [
  'exe',
  'msi',
  'msp',
  'com',
  'bat',
  'cmd',
  'scr',
  'pif',
  'cpl',
  'jar',
  'vbs',
  'ps1',
  'sh',
  'app',
  'apk',
  'deb',
  'rpm',
  'dll',
  'dmg',
  'iso',
  'img',
  'vhd',
  'vhdx',
  'vmdk',
  'toast',
] as const;

/** MIME types a file input refuses: executables and disk images. */
const BLOCKED_UPLOAD_MIME_TYPES = [
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-executable',
  'application/x-sharedlib',
  'application/x-sh',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/x-apple-diskimage',
  'application/x-iso9660-image',
  'application/x-raw-disk-image',
] as const;

/** Whether an upload is an executable or a disk image, judged by its MIME type or its extension. */
export const isBlockedUpload = (
  mime: string | null | undefined,
  filename: string | null | undefined,
): boolean => {
  const essence = (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    (BLOCKED_UPLOAD_MIME_TYPES as readonly string[]).includes(essence) ||
    (BLOCKED_UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(filename ?? ''))
  );
};

/** Kinds of document held against a project (SPEC 3 "Project document kinds"). */
export const PROJECT_DOCUMENT_KINDS = [
  'LandholderInfo',
  'NatureBasedAgreement',
  'Section106Agreement',
  'ScreeningSteps',
  'ScreeningOutcome',
  'CertificationStatement',
  'PreMarketReviewReport',
  'VerificationReport',
  'ComplianceReport',
  'PerformanceReport',
] as const;
/** One project document kind. */
export type ProjectDocumentKind = (typeof PROJECT_DOCUMENT_KINDS)[number];
/** Labels of the project document kinds. */
export const PROJECT_DOCUMENT_KIND_LABELS = {
  LandholderInfo: 'Landholder information',
  NatureBasedAgreement: 'Nature-based agreement',
  Section106Agreement: 'Section 106 agreement',
  ScreeningSteps: 'Screening steps',
  ScreeningOutcome: 'Screening outcome',
  CertificationStatement: 'Certification statement',
  PreMarketReviewReport: 'Pre-market review report',
  VerificationReport: 'Verification report',
  ComplianceReport: 'Compliance report',
  PerformanceReport: 'Performance report',
} as const satisfies Record<ProjectDocumentKind, string>;

/** Kinds of document held against a credit requirement (SPEC 3 "Requirement document kinds"). */
export const REQUIREMENT_DOCUMENT_KINDS = [
  'BiodiversityMetric',
  'BudgetCalculator',
  'SupportingDocument',
  'CreditAllocationCertificate',
  'CreditSupplyAgreement',
  'RedeemNotice',
] as const;
/** One credit requirement document kind. */
export type RequirementDocumentKind = (typeof REQUIREMENT_DOCUMENT_KINDS)[number];
/** Labels of the credit requirement document kinds. */
export const REQUIREMENT_DOCUMENT_KIND_LABELS = {
  BiodiversityMetric: 'Biodiversity metric',
  BudgetCalculator: 'Budget calculator',
  SupportingDocument: 'Supporting document',
  CreditAllocationCertificate: 'Credit allocation certificate',
  CreditSupplyAgreement: 'Credit supply agreement',
  RedeemNotice: 'Redeem notice',
} as const satisfies Record<RequirementDocumentKind, string>;
