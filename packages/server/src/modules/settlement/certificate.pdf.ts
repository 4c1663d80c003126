import { formatDate } from '@curlew/domain';
import PDFDocument from 'pdfkit';
import type { CertificateData } from './certificate.data.ts';

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

/**
 * Renders a credit allocation certificate as a PDF (pdfkit, its standard Helvetica fonts): the development, the
 * round, the credits with their units and types, and every source project with its location. Never a price.
 */
export function renderCertificate(data: CertificateData, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Credit allocation certificate: ${data.requirement}`, Author: 'Curlew' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const line = (label: string, value: string | null) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value ?? 'Not recorded');
  };

  doc.font('Helvetica-Bold').fontSize(18).text('Credit allocation certificate');
  doc
    .moveDown(0.5)
    .fontSize(10)
    .font('Helvetica')
    .text(`Issued by Curlew on ${formatDate(generatedAt)}`);
  doc.moveDown();
  doc.fontSize(12).font('Helvetica-Bold').text('Development');
  doc.fontSize(10);
  line('Credit requirement', data.requirement);
  line('Owner', data.owner);
  line('Planning reference', data.planningRef);
  line('Local planning authority', data.developmentLpa);
  if (data.developmentPlace !== null) line('Area', data.developmentPlace);
  line('Redemption date', data.redemptionDate === null ? null : formatDate(data.redemptionDate));
  line('Market', data.market);
  line('Market round', data.round);
  doc.moveDown();
  doc.fontSize(12).font('Helvetica-Bold').text('Credits allocated');
  doc.fontSize(10).font('Helvetica');
  if (data.credits.length === 0) doc.text('No credits are allocated to this requirement.');
  for (const credit of data.credits)
    doc.text(`${credit.creditType}: ${units(credit.units)} units (${credit.duration})`);
  doc.moveDown();
  doc.fontSize(12).font('Helvetica-Bold').text('Source projects');
  doc.fontSize(10).font('Helvetica');
  if (data.sources.length === 0) doc.text('No source project is recorded.');
  for (const source of data.sources) {
    doc
      .font('Helvetica-Bold')
      .text(`${source.project}${source.fromReserve ? ' (from the market reserve)' : ''}`);
    doc
      .font('Helvetica')
      .text(`${source.creditType}, ${units(source.units)} units, delivery year ${source.year}`)
      .text(place(source) || 'Location not recorded');
    doc.moveDown(0.5);
  }
  doc.moveDown();
  doc
    .fontSize(8)
    .text(
      'Units are supply units of each source project. This certificate records the allocation made in the market round named above; the registry holds the credits from their site to the development.',
    );
  doc.end();
  return done;
}
