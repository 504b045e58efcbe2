import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { catalogInternal, type CertificateJobData } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore as MemoryFiles } from '@lp/storage';
import { QR_BOX, certificateDate, certificateJob, qrModules, renderCertificatePdf } from './certificate.job.js';
import type { JobContext } from './job-definition.js';
import type { Mailer } from '../mail/mailer.js';

const data: CertificateJobData = {
  certificate_id: '8d0e4ff4-3b9b-4b43-a36f-1cf1c3f53a11',
  user_id: '8d0e4ff4-3b9b-4b43-a36f-1cf1c3f53a12',
  course_id: '8d0e4ff4-3b9b-4b43-a36f-1cf1c3f53a13',
  learner_name: 'Lena Learner',
  course_title: 'Intro to Go',
  instructor_name: 'Ivan Instructor',
  completed_at: '2026-03-04T05:06:07.000Z',
  verification_code: 'LH-AB12-CD34-EF56',
  verify_url: 'https://learnhub.example/certificates/verify/LH-AB12-CD34-EF56',
};

/** The text lines of an uncompressed PDF: each TJ array's hex strings joined (kerning dropped). */
const pdfLines = (pdf: Buffer): string[] =>
  [...pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) =>
    [...m[1]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
  );

function context(files = new MemoryFiles()) {
  const calls: Array<{ subject: string; payload: unknown }> = [];
  const rpc = {
    async request(subject: string, payload: unknown) {
      calls.push({ subject, payload });
      return { message: 'ok' };
    },
  } as unknown as RpcClient;
  const ctx: JobContext = {
    jobId: data.certificate_id,
    attempt: 1,
    requestId: 'req-1',
    log: pino({ level: 'silent' }),
    reportProgress: async () => undefined,
    deps: { rpc, files, exportServices: [], exportServiceTimeoutMs: 1000, mailer: {} as Mailer, now: () => new Date() },
  };
  return { ctx, files, calls };
}

describe('renderCertificatePdf', () => {
  it('makes a one-page PDF naming learner, course, instructor, date and verification code', async () => {
    const pdf = await renderCertificatePdf(data, { compress: false });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdfLines(pdf)).toEqual([
      'LearnHub',
      'Certificate of Completion',
      'This certifies that',
      'Lena Learner',
      'has successfully completed the course',
      'Intro to Go',
      'taught by Ivan Instructor',
      'Completed on March 4, 2026',
      'Verification code: LH-AB12-CD34-EF56',
      'Verify at https://learnhub.example/certificates/verify/LH-AB12-CD34-EF56',
    ]);
  });

  it('draws the QR code of the verification address, module for module', async () => {
    const pdf = await renderCertificatePdf(data, { compress: false });
    const expected = qrModules(data.verify_url);
    const size = expected.length;
    const cell = QR_BOX.size / size;
    // A4 landscape in points; the QR code's top left corner
    const [x0, y0] = [841.89 - QR_BOX.right - QR_BOX.size, 595.28 - QR_BOX.bottom - QR_BOX.size];
    const drawn = new Set<string>();
    for (const m of pdf.toString('latin1').matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)) {
      const [x, y, w, h] = m.slice(1, 5).map(Number) as [number, number, number, number];
      if (Math.abs(w - cell) > 0.01 || Math.abs(h - cell) > 0.01) continue; // the border rules
      drawn.add(`${Math.round((y - y0) / cell)},${Math.round((x - x0) / cell)}`);
    }
    const dark = new Set(expected.flatMap((cells, row) => cells.flatMap((on, col) => (on ? [`${row},${col}`] : []))));
    expect(size).toBeGreaterThanOrEqual(21);
    expect(dark.size).toBeGreaterThan(size * 4);
    expect(drawn).toEqual(dark);
  });

  it('draws no QR code for a relative address (no public address set)', async () => {
    const pdf = await renderCertificatePdf({ ...data, verify_url: '/certificates/verify/LH-AB12-CD34-EF56' }, { compress: false });
    expect(pdf.toString('latin1').match(/ re\b/g)).toHaveLength(2);
    expect(pdfLines(pdf).at(-1)).toBe('Verify at /certificates/verify/LH-AB12-CD34-EF56');
  });

  it('encodes the whole address in the QR code (a different address, a different code)', () => {
    const a = qrModules('https://learnhub.example/certificates/verify/LH-AB12-CD34-EF56');
    const b = qrModules('https://learnhub.example/certificates/verify/LH-AB12-CD34-EF57');
    expect(a.length).toBe(b.length);
    expect(a).not.toEqual(b);
    // the three finder patterns: a dark 7x7 ring at three corners
    const finderAt = (m: boolean[][], r: number, c: number) => [0, 6].every((d) => m[r + d]!.slice(c, c + 7).every(Boolean));
    expect([finderAt(a, 0, 0), finderAt(a, 0, a.length - 7), finderAt(a, a.length - 7, 0)]).toEqual([true, true, true]);
  });

  it('writes the date in words, in UTC', () => {
    expect(certificateDate('2026-12-31T23:30:00Z')).toBe('December 31, 2026');
  });
});

describe('certificate job', () => {
  it('stores the PDF under the certificate id and reports it to catalog', async () => {
    const { ctx, files, calls } = context();
    const result = await certificateJob.handle(data, ctx);
    expect(result).toEqual({ storage_key: `certificates/${data.certificate_id}.pdf` });
    expect(files.files.get(result.storage_key)!.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(calls).toEqual([
      {
        subject: catalogInternal.certificateRendered.subject,
        payload: { certificate_id: data.certificate_id, storage_key: result.storage_key },
      },
    ]);
  });

  it('is idempotent: a second run renders nothing and reports the same key again', async () => {
    const { ctx, files, calls } = context();
    const first = await certificateJob.handle(data, ctx);
    const before = files.files.get(first.storage_key)?.data;
    const second = await certificateJob.handle(data, ctx);
    expect(second).toEqual(first);
    expect(files.puts).toBe(1);
    expect(files.files.get(first.storage_key)?.data).toBe(before);
    expect(calls).toHaveLength(2);
  });

  it('renders again over a file cut short by a crash', async () => {
    const files = new MemoryFiles();
    files.files.set(`certificates/${data.certificate_id}.pdf`, { data: Buffer.from('%PDF-1.3\n%partial'), writtenAt: new Date() });
    const { ctx } = context(files);
    await certificateJob.handle(data, ctx);
    expect(files.puts).toBe(1);
    expect(files.files.get(`certificates/${data.certificate_id}.pdf`)!.data.subarray(-10).toString()).toContain('%%EOF');
  });

  it('validates its data with the contract schema', () => {
    expect(certificateJob.type.data.safeParse(data).success).toBe(true);
    expect(certificateJob.type.data.safeParse({ ...data, certificate_id: 'nope' }).success).toBe(false);
  });
});
