import { installFakeGateway, type FakeGateway } from '../../api/fake-gateway.testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BulkImportSchema, catalogRoutes, institutionRoutes, type AnyRoute } from '@lp/contracts';
import { bulkJobPolling, bulkPercent, isNoInstitution } from './logic';

/**
 * The dashboard's calls against a faked gateway: the real client (URL, method, body) and the
 * real query options, with fetch answering as the institution service does. query-core only
 * polls where a window exists, so one is set up before it loads.
 */

const ID = '00000000-0000-4000-8000-000000000001';
const JOB = '00000000-0000-4000-8000-000000000900';

const job = (over: Record<string, unknown>) =>
  BulkImportSchema.parse({
    job_id: JOB,
    status: 'queued',
    file_rows: null,
    processed: 0,
    successful: 0,
    failed: 0,
    unchanged: 0,
    errors: [],
    course_id: null,
    created_at: '2026-11-26T10:00:00.000Z',
    finished_at: null,
    ...over,
  });

let callRoute: (route: AnyRoute, args?: Record<string, unknown>) => Promise<unknown>;
let routeQuery: typeof import('../../api/route-hooks').routeQuery;
let core: typeof import('@tanstack/query-core');

let gateway: FakeGateway;
beforeAll(async () => {
  gateway = installFakeGateway(() => ({ status: 500 }));
  core = await import('@tanstack/query-core');
  ({ routeQuery } = await import('../../api/route-hooks'));
  ({ callRoute } = (await import('../../api/client')) as unknown as { callRoute: typeof callRoute });
});

afterAll(() => {
  jest.useRealTimers();
});

describe('GET /institutions/me', () => {
  it("tells 'no institution' from another failure", async () => {
    gateway.answer = () => ({ status: 404, body: { detail: 'No institution', code: 'NO_INSTITUTION', errors: [] } });
    const error = await callRoute(institutionRoutes.me).catch((e: unknown) => e);
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'GET', url: '/api/institutions/me' });
    expect(isNoInstitution(error)).toBe(true);
    gateway.answer = () => ({ status: 404, body: { detail: 'Institution not found', code: 'INSTITUTION_NOT_FOUND', errors: [] } });
    expect(isNoInstitution(await callRoute(institutionRoutes.me).catch((e: unknown) => e))).toBe(false);
  });
});

describe('what the tabs send', () => {
  it('asks for one member type, up to 1000', async () => {
    gateway.answer = () => ({ status: 200, body: { members: [], total: 0 } });
    await callRoute(institutionRoutes.listMembers, { params: { id: ID }, query: { member_type: 'faculty', limit: 1000 } });
    expect(gateway.sent.at(-1)!.url).toBe(`/api/institutions/${ID}/members?member_type=faculty&limit=1000`);
  });
  it('uploads the CSV file as multipart, with the course as a form field (empty for none)', async () => {
    const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
    const progress: number[] = [];
    /** what the browser's XMLHttpRequest does for uploadRoute: the form goes as it is, the answer is JSON */
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request = { method: '', url: '', headers: {} as Record<string, string>, body: undefined as unknown };
      open(method: string, url: string) {
        Object.assign(this.request, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(body: unknown) {
        sent.push({ ...this.request, body });
        queueMicrotask(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.status = 202;
          this.responseText = JSON.stringify(job({}));
          this.onload?.();
        });
      }
    }
    const saved = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
    Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
    try {
      const { startBulkImport } = await import('./bulk-upload');
      const csv = new File(['email,name,role\nabebe@example.com,Abebe,student\n'], 'people.csv', { type: 'text/csv' });
      const started = await startBulkImport(ID, csv, JOB, (p) => progress.push(p.percent));
      expect(started).toMatchObject({ job_id: JOB, status: 'queued' });
      expect(progress).toEqual([50]);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        method: 'POST',
        url: `/api/institutions/${ID}/members/bulk`,
        headers: { Accept: 'application/json' },
      });
      const form = sent[0]!.body as FormData;
      expect(form).toBeInstanceOf(FormData);
      expect([...form.keys()].sort()).toEqual(['course_id', 'file']);
      expect(form.get('course_id')).toBe(JOB);
      const file = form.get('file') as File;
      expect([file.name, file.type, await file.text()]).toEqual([
        'people.csv',
        'text/csv',
        'email,name,role\nabebe@example.com,Abebe,student\n',
      ]);
      // no base64 anywhere: the bytes go as they are
      expect(form.has('csv_data')).toBe(false);

      await startBulkImport(ID, csv, '');
      expect((sent[1]!.body as FormData).get('course_id')).toBe('');
    } finally {
      Object.assign(globalThis, { XMLHttpRequest: saved });
    }
  });
  it('updates the logo through the query string', async () => {
    gateway.answer = () => ({ status: 200, body: {} });
    await callRoute(institutionRoutes.logo, { params: { id: ID }, query: { logo_url: 'https://cdn.example/logo.png?v=2' } });
    expect(gateway.sent.at(-1)).toMatchObject({
      method: 'POST',
      url: `/api/institutions/${ID}/logo?logo_url=https%3A%2F%2Fcdn.example%2Flogo.png%3Fv%3D2`,
    });
  });
  it('suspends, edits notes and removes a member at their own addresses', async () => {
    gateway.answer = () => ({ status: 200, body: {} });
    const memberId = '00000000-0000-4000-8000-000000000101';
    await callRoute(institutionRoutes.memberStatus, { params: { id: ID, memberId }, body: { is_suspended: true } });
    expect(gateway.sent.at(-1)).toEqual({
      method: 'PUT',
      url: `/api/institutions/${ID}/members/${memberId}/status`,
      body: { is_suspended: true },
    });
    await callRoute(institutionRoutes.updateMember, { params: { id: ID, memberId }, body: { notes: null } });
    expect(gateway.sent.at(-1)).toEqual({ method: 'PUT', url: `/api/institutions/${ID}/members/${memberId}`, body: { notes: null } });
    await callRoute(institutionRoutes.removeMember, { params: { id: ID, memberId } });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/institutions/${ID}/members/${memberId}` });
  });
  it('creates the course at POST /courses and reads the catalog lists of the current institution', async () => {
    gateway.answer = () => ({ status: 201, body: {} });
    await callRoute(catalogRoutes.createCourse, {
      body: { title: 'Intro', description: 'About', price: 0, category: 'programming', level: 'beginner', thumbnail: '' },
    });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'POST', url: '/api/courses' });
    gateway.answer = () => ({ status: 200, body: [] });
    await callRoute(catalogRoutes.institutionCourses);
    expect(gateway.sent.at(-1)!.url).toBe('/api/institution/courses');
    await callRoute(catalogRoutes.institutionCourseAnalytics);
    expect(gateway.sent.at(-1)!.url).toBe('/api/institution/analytics/courses');
  });
});

describe('the open bulk import', () => {
  it('is asked about every second while it works, and no more once it is done', async () => {
    jest.useFakeTimers();
    const answers = [
      job({ status: 'queued' }),
      job({ status: 'running', file_rows: 4, processed: 1 }),
      job({ status: 'running', file_rows: 4, processed: 3 }),
      job({
        status: 'completed',
        file_rows: 4,
        processed: 4,
        successful: 2,
        failed: 1,
        unchanged: 1,
        errors: [{ row: 3, email: 'not-an-email', error: 'Invalid e-mail' }],
        finished_at: '2026-11-26T10:00:04.000Z',
      }),
    ];
    let asked = 0;
    gateway.answer = (request) => {
      expect(request).toMatchObject({ method: 'GET', url: `/api/institutions/${ID}/members/bulk/${JOB}` });
      return { status: 200, body: answers[Math.min(asked++, answers.length - 1)] };
    };
    const client = new core.QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new core.QueryObserver(
      client,
      routeQuery(institutionRoutes.bulkImport, { params: { id: ID, jobId: JOB } }, bulkJobPolling),
    );
    const seen: number[] = [];
    const unsubscribe = observer.subscribe((result) => {
      if (result.data) seen.push(bulkPercent(result.data));
    });
    await jest.advanceTimersByTimeAsync(10);
    for (let second = 0; second < 6; second++) await jest.advanceTimersByTimeAsync(1000);
    unsubscribe();
    client.clear();
    jest.useRealTimers();

    expect(asked).toBe(4);
    expect([...new Set(seen)]).toEqual([0, 25, 75, 100]);
    const last = observer.getCurrentResult().data!;
    expect(last).toMatchObject({ status: 'completed', successful: 2, failed: 1, unchanged: 1 });
    expect(last.errors).toEqual([{ row: 3, email: 'not-an-email', error: 'Invalid e-mail' }]);
  });

  it('is not asked before the job is known', async () => {
    const client = new core.QueryClient();
    const options = routeQuery(institutionRoutes.bulkImport, { params: { id: ID, jobId: undefined } }, bulkJobPolling);
    expect(options.enabled).toBe(false);
    client.clear();
  });
});
