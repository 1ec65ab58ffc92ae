import PDFDocument from 'pdfkit';

import type { JourneySection } from '@portal/editor-core';

/**
 * A caller's journey as an A4 PDF (pdfkit, standard Helvetica), as the invoices are made: content streams left
 * uncompressed, so the words are plain text to any reader and to tests.
 */
export function journeyPdf(flowName: string, sections: readonly JourneySection[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `Caller's journey: ${flowName}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(`Caller's journey: ${flowName}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .moveDown(0.5)
    .text('What a caller hears and where the call goes, for each time of the week and each key.');
  for (const section of sections) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13).text(section.when);
    doc.font('Helvetica').fontSize(11);
    for (const step of section.steps) doc.moveDown(0.3).text(step);
  }
  doc.end();
  return done;
}
