import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { catalogInternal, type CertificateJobData } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore as MemoryFiles } from '@lp/storage';
import { certificateDate, certificateJob, renderCertificatePdf } from './certificate.job.js';
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
  verify_url: 'https://learnhub.example/api/certificates/verify/LH-AB12-CD34-EF56',
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
      'Verify at https://learnhub.example/api/certificates/verify/LH-AB12-CD34-EF56',
    ]);
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
