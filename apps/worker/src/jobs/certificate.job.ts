import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CertificateJobResult, JOBS, catalogInternal, certificateStorageKey, type CertificateJobData } from '@lp/contracts';
import type { z } from 'zod';
import { defineJob, type JobContext } from './job-definition.js';

type Result = z.infer<typeof CertificateJobResult>;

/** Fonts for names outside Latin-1 (Amharic, Greek, Cyrillic ...), used when the system has them. */
const UNICODE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

const isLatin1 = (s: string): boolean => [...s].every((ch) => ch.codePointAt(0)! <= 0xff);

export const certificateDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The QR code's dark modules, row by row (true: dark), for the verification address. */
export function qrModules(text: string): boolean[][] {
  // level M: a printed page may be creased or smudged, and the address stays short enough for a small symbol
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))));
}

/** The QR code's side and its distance from the page's right and bottom edges (points). */
export const QR_BOX = { size: 96, right: 64, bottom: 64 } as const;

/**
 * Draws the QR code as vector squares: sharp at any print size, and no image to embed.
 * A quiet zone of white around it is the page itself (the border rules stay clear of it).
 */
function drawQr(doc: PDFKit.PDFDocument, matrix: boolean[][], x: number, y: number, size: number): void {
  const cell = size / matrix.length;
  doc.save().fillColor('#000000');
  matrix.forEach((cells, row) =>
    cells.forEach((dark, col) => {
      if (dark) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }),
  );
  doc.fill().restore();
}

/**
 * The certificate as a PDF: learner, course, instructor, completion date and the
 * verification code with the public page that checks it, printed and as a QR code.
 * Landscape A4, one page.
 */
export async function renderCertificatePdf(data: CertificateJobData, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    compress: opts.compress ?? true,
    info: {
      Title: `Certificate of Completion: ${data.course_title}`,
      Author: 'LearnHub',
      Subject: `Verification code ${data.verification_code}`,
      CreationDate: new Date(data.completed_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const needsUnicode = ![data.learner_name, data.course_title, data.instructor_name].every(isLatin1);
  const unicode = needsUnicode && existsSync(UNICODE_FONTS.regular) && existsSync(UNICODE_FONTS.bold);
  const regular = unicode ? UNICODE_FONTS.regular : 'Helvetica';
  const bold = unicode ? UNICODE_FONTS.bold : 'Helvetica-Bold';

  const { width, height } = doc.page;
  const accent = '#1d4ed8';
  doc
    .lineWidth(6)
    .strokeColor(accent)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor('#93c5fd')
    .rect(38, 38, width - 76, height - 76)
    .stroke();

  const line = (text: string, y: number, font: string, size: number, color = '#111827') =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, 60, y, { width: width - 120, align: 'center' });

  line('LearnHub', 70, bold, 16, accent);
  line('Certificate of Completion', 110, bold, 36);
  line('This certifies that', 180, regular, 16, '#374151');
  line(data.learner_name, 210, bold, 30, accent);
  line('has successfully completed the course', 265, regular, 16, '#374151');
  line(data.course_title, 295, bold, 24);
  line(`taught by ${data.instructor_name}`, 345, regular, 15, '#374151');
  line(`Completed on ${certificateDate(data.completed_at)}`, 375, regular, 15, '#374151');
  // the QR code only for an absolute address: a phone cannot open a path without a host
  const absolute = /^https?:\/\//i.test(data.verify_url);
  const qrX = width - QR_BOX.right - QR_BOX.size;
  const qrY = height - QR_BOX.bottom - QR_BOX.size;
  // the code and the address stay clear of the QR code: centered in what is left of the band
  const inset = absolute ? QR_BOX.right + QR_BOX.size + 12 : 60;
  const footer = (text: string, y: number, font: string, size: number, color: string) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, inset, y, { width: width - 2 * inset, align: 'center' });
  footer(`Verification code: ${data.verification_code}`, height - 130, bold, 13, '#111827');
  footer(`Verify at ${data.verify_url}`, height - 108, regular, 11, '#4b5563');
  if (absolute) drawQr(doc, qrModules(data.verify_url), qrX, qrY, QR_BOX.size);

  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

/** A file written whole ends with the PDF trailer; a write cut short by a crash does not. */
async function isCompletePdf(key: string, ctx: JobContext): Promise<boolean> {
  if (!(await ctx.deps.files.exists(key))) return false;
  const { stream } = await ctx.deps.files.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const file = Buffer.concat(chunks);
  return file.subarray(0, 5).toString('latin1') === '%PDF-' && file.subarray(-32).toString('latin1').includes('%%EOF');
}

/**
 * Renders a certificate PDF (queued by catalog on catalog.course.completed, job id =
 * certificate id) and reports its storage key to catalog. Idempotent: the file has one
 * key per certificate; a retry after the file was written whole only reports it again.
 */
export const certificateJob = defineJob(JOBS.certificateRender, async (data, ctx): Promise<Result> => {
  const key = certificateStorageKey(data.certificate_id);
  if (await isCompletePdf(key, ctx)) {
    ctx.log.info({ certificateId: data.certificate_id }, 'certificate already rendered; reporting it again');
  } else {
    await ctx.deps.files.put(key, await renderCertificatePdf(data));
  }
  await ctx.deps.rpc.request(
    catalogInternal.certificateRendered.subject,
    { certificate_id: data.certificate_id, storage_key: key },
    { requestId: ctx.requestId },
  );
  return CertificateJobResult.parse({ storage_key: key });
});
