import { formatDate } from '@curlew/domain';
import PDFDocument from 'pdfkit';
import type { CertificateData } from './certificate.data.ts';
import { certificateFonts, type FontRole, fontRuns } from './certificate.fonts.ts';

const units = (value: number) => value.toFixed(2);
const place = (source: CertificateData['sources'][number]) =>
  [
    source.lpa === null ? undefined : `LPA ${source.lpa}`,
    source.nca === null ? undefined : `NCA ${source.nca}`,
    source.subcatchment === null ? undefined : `subcatchment ${source.subcatchment}`,
    source.gridReference === null ? undefined : `grid reference ${source.gridReference}`,
  ]
    .filter((part) => part !== undefined)
    .join(', ');

/** The pdfkit names of the embedded fonts. */
const FONT_NAMES: Readonly<Record<FontRole, string>> = { body: 'Body', bold: 'Bold', emoji: 'Emoji' };

/**
 * Renders a credit allocation certificate as a PDF: its number and the day the rights were allocated, the
 * development, the round, the credits with their units and types, and every source project with its location.
 * Never a price. Text is set in embedded Unicode fonts (DejaVu Sans, Noto Emoji for pictographs), so every name
 * prints and extracts as it was entered; a character neither font has prints as the replacement character.
 */
export function renderCertificate(data: CertificateData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Credit allocation certificate ${data.number}: ${data.requirement}`, Author: 'Curlew' },
  });
  const fonts = certificateFonts();
  for (const role of Object.keys(FONT_NAMES) as FontRole[])
    doc.registerFont(FONT_NAMES[role], fonts[role].bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  /** Writes text in the text font, switching to the emoji font where needed; `continued` keeps the line open. */
  const write = (text: string, weight: 'body' | 'bold', continued = false) => {
    const runs = fontRuns(text, weight);
    if (runs.length === 0) runs.push({ font: weight, text: '' });
    runs.forEach((run, i) => {
      doc.font(FONT_NAMES[run.font]).text(run.text, { continued: continued || i < runs.length - 1 });
    });
  };
  const line = (label: string, value: string | null) => {
    write(`${label}: `, 'bold', true);
    write(value ?? 'Not recorded', 'body');
  };

  doc.fontSize(18);
  write('Credit allocation certificate', 'bold');
  doc.moveDown(0.5).fontSize(10);
  line('Certificate number', data.number);
  line('Issued by Curlew on', data.issuedOn === null ? null : formatDate(data.issuedOn));
  doc.moveDown().fontSize(12);
  write('Development', 'bold');
  doc.fontSize(10);
  line('Credit requirement', data.requirement);
  line('Owner', data.owner);
  line('Planning reference', data.planningRef);
  line('Local planning authority', data.developmentLpa);
  if (data.developmentPlace !== null) line('Area', data.developmentPlace);
  line('Redemption date', data.redemptionDate === null ? null : formatDate(data.redemptionDate));
  line('Market', data.market);
  line('Market round', data.round);
  doc.moveDown().fontSize(12);
  write('Credits allocated', 'bold');
  doc.fontSize(10);
  if (data.credits.length === 0) write('No credits are allocated to this requirement.', 'body');
  for (const credit of data.credits)
    write(`${credit.creditType}: ${units(credit.units)} units (${credit.duration})`, 'body');
  doc.moveDown().fontSize(12);
  write('Source projects', 'bold');
  doc.fontSize(10);
  if (data.sources.length === 0) write('No source project is recorded.', 'body');
  for (const source of data.sources) {
    write(`${source.project}${source.fromReserve ? ' (from the market reserve)' : ''}`, 'bold');
    write(`${source.creditType}, ${units(source.units)} units, delivery year ${source.year}`, 'body');
    write(place(source) || 'Location not recorded', 'body');
    doc.moveDown(0.5);
  }
  doc.moveDown().fontSize(8);
  write(
    'Units are supply units of each source project. This certificate records the allocation made in the market round named above; the registry holds the credits from their site to the development.',
    'body',
  );
  doc.end();
  return done;
}
