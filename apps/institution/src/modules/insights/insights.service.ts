import { Inject, Injectable } from '@nestjs/common';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, round1 } from '@lp/service-kit';
import { Tenancy } from '../../common/tenancy.js';
import { CATALOG_CURRENCY } from '../courses/courses.consumer.js';
import { enrollmentFigures, monthlyTrend, peopleFigures, popularCourses } from './insights.sql.js';

type R = typeof institutionRoutes;

const DAY_MS = 24 * 3600 * 1000;
export const ACTIVE_DAYS = 30;
const TIMEFRAME_DAYS = { '30days': 30, '90days': 90, '1year': 365 } as const;
const POPULAR_COURSES = 5;

const rate = (part: number, whole: number): number => (whole ? round1((part / whole) * 100) : 0);

/**
 * The Overview figures and the Analytics tab, for the institution and its whole subtree, from
 * the members table and the read models of catalog's courses and enrollments.
 * - active students: distinct learners who enrolled in, or completed, one of the subtree's
 *   courses in the last 30 days;
 * - progress: catalog's events carry no progress short of completion, so an enrollment counts
 *   100 when completed and 0 before (avg_progress is then the completion rate);
 * - revenue: what catalog recorded as paid for enrollments started in the timeframe, in
 *   catalog's currency (its events name none).
 * Members, enrollments and popular courses are all-time; the trend and revenue the timeframe's.
 */
@Injectable()
export class InsightsService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(institutionRoutes.dashboard)
  async dashboard({ params }: RouteInput<R['dashboard']>): Promise<RouteOutput<R['dashboard']>> {
    const since = new Date(this.clock.now().getTime() - ACTIVE_DAYS * DAY_MS);
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const people = await peopleFigures(tx, params.id);
      const e = await enrollmentFigures(tx, params.id, since);
      return {
        total_students: people.students,
        total_faculty: people.faculty,
        total_enrollments: e.total,
        completion_rate: rate(e.completed, e.total),
        active_students: e.active,
        total_courses: people.courses,
        subsidiary_count: people.subsidiaries,
      };
    });
  }

  @Handles(institutionRoutes.analytics)
  async analytics({ params, query }: RouteInput<R['analytics']>): Promise<RouteOutput<R['analytics']>> {
    const now = this.clock.now();
    const from = new Date(now.getTime() - TIMEFRAME_DAYS[query.timeframe] * DAY_MS);
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const people = await peopleFigures(tx, params.id);
      const e = await enrollmentFigures(tx, params.id, new Date(now.getTime() - ACTIVE_DAYS * DAY_MS));
      const popular = await popularCourses(tx, params.id, POPULAR_COURSES);
      const trend = (await monthlyTrend(tx, params.id, from, now)).map((t) => ({ ...t, revenue_minor: Number(t.revenue_minor) }));
      const completionRate = rate(e.completed, e.total);
      return {
        total_members: people.members,
        total_students: people.students,
        total_faculty: people.faculty,
        enrollments: {
          total: e.total,
          completed: e.completed,
          in_progress: e.total - e.completed,
          completion_rate: completionRate,
          avg_progress: completionRate,
        },
        popular_courses: popular,
        trend,
        revenue: { total_minor: trend.reduce((s, t) => s + t.revenue_minor, 0), currency: CATALOG_CURRENCY },
      };
    });
  }
}
