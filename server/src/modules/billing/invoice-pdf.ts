import PDFDocument from 'pdfkit';

import { displayPrice, type Invoice } from '@portal/contract';
import { displayDate } from '@portal/editor-core';

/** Who the invoice is addressed to. */
export interface InvoiceAddressee {
  businessName: string;
  name: string;
  lines: string[];
}

/** The provider's name on every invoice. */
export const INVOICE_ISSUER = 'Business Telecoms Ltd';

/**
 * One invoice as an A4 PDF (pdfkit, standard Helvetica: no font files to ship). Content streams
 * are left uncompressed so the amounts are plain text to any reader and to our tests.
 */
export function invoicePdf(invoice: Invoice, to: InvoiceAddressee): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `Invoice ${invoice.invoice_number}`, Author: INVOICE_ISSUER },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.invoice_number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5).text(INVOICE_ISSUER);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(to.businessName);
  doc.font('Helvetica').text(to.name);
  for (const line of to.lines.filter(Boolean)) doc.text(line);
  doc.moveDown();
  doc.text(`Invoice date: ${displayDate(invoice.date)}`);
  doc.text(`Due date: ${displayDate(invoice.due_date)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(invoice.description);
  doc.font('Helvetica').moveDown(0.5);
  doc.text(`Net: ${displayPrice(invoice.net)}`);
  doc.text(`VAT at 20%: ${displayPrice(invoice.vat)}`);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .moveDown(0.5)
    .text(`Total: ${displayPrice(invoice.amount)}`);
  doc.font('Helvetica').fontSize(10).moveDown();
  doc.text(invoice.status === 'paid' ? 'Paid with thanks.' : `Please pay by ${displayDate(invoice.due_date)}.`);
  doc.end();
  return done;
}

/**
 * The text a PDF shows, from its uncompressed content streams (as invoicePdf writes them): the
 * hex strings of each text operator, in order. For tests; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const runs: string[] = [];
  for (const [, operand] of source.matchAll(/(\[[^\]]*\]|<[0-9a-fA-F]*>)\s*T[Jj]/g)) {
    const hex = [...(operand ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    runs.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return runs.join('\n');
}
