import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  ACTIVE_STUDENTS_DAYS,
  type AtRiskStudent,
  catalogRoutes,
  type InstructorMessageSchema,
  type RouteInput,
  type RouteOutput,
  type StudentSchema,
} from '@lp/contracts';
import { UnitOfWork, Clock, Handles, currentCaller, iso, round1, UsersReadModel } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import { CourseAccess } from '../courses/course-access.js';
import { AnalyticsRepository } from '../analytics/analytics.repository.js';
import { MessagesRepository } from './messages.repository.js';
import { toMessage } from './message.mapper.js';
import { assessRisk } from './at-risk.util.js';
import { interventionMessage } from './intervention.templates.js';

type Student = z.infer<typeof StudentSchema>;
type Message = z.infer<typeof InstructorMessageSchema>;
type R = typeof catalogRoutes;

const DAY_MS = 86_400_000;
const MESSAGE_LIST_SIZE = 200;

/** The instructor's learners: the list, the at-risk ones, messages and interventions. */
@Injectable()
export class StudentsService {
  constructor(
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** One entry per learner of the caller's courses, most recently active first. */
  @Handles(catalogRoutes.instructorStudents)
  async students(): Promise<Student[]> {
    const rows = await this.analytics.enrollments({ instructorId: currentCaller().userId });
    const activeSince = this.clock.now().getTime() - ACTIVE_STUDENTS_DAYS * DAY_MS;
    const byUser = new Map<string, Student & { progressSum: number }>();
    for (const r of rows) {
      const progress = r.progress;
      let s = byUser.get(r.user_id);
      if (!s) {
        s = {
          id: r.user_id,
          name: r.user_name ?? UNKNOWN_USER_NAME,
          email: r.user_email,
          profile_image: r.profile_image,
          enrolled_courses: 0,
          completed_courses: 0,
          avg_progress: 0,
          status: 'inactive',
          last_activity_at: iso(r.last_activity_at),
          courses: [],
          progressSum: 0,
        };
        byUser.set(r.user_id, s);
      }
      s.enrolled_courses++;
      if (r.is_completed) s.completed_courses++;
      s.progressSum += progress;
      if (r.last_activity_at.getTime() >= activeSince) s.status = 'active';
      if (r.last_activity_at.toISOString() > s.last_activity_at) s.last_activity_at = r.last_activity_at.toISOString();
      s.courses.push({ course_id: r.course_id, course_title: r.course_title, progress, enrolled_at: iso(r.enrolled_at) });
    }
    return [...byUser.values()].map(({ progressSum, ...s }) => ({ ...s, avg_progress: round1(progressSum / s.enrolled_courses) }));
  }

  /** Enrollments that meet the at-risk rule, highest risk first. */
  @Handles(catalogRoutes.instructorAtRisk)
  async atRisk(): Promise<AtRiskStudent[]> {
    const caller = currentCaller();
    const now = this.clock.now();
    const rows = await this.analytics.enrollments({ instructorId: caller.userId });
    const out: AtRiskStudent[] = [];
    for (const r of rows) {
      const progress = r.progress;
      const risk = assessRisk({
        progress,
        doneUnits: r.done_units,
        completed: r.is_completed,
        enrolledAt: r.enrolled_at,
        lastActivityAt: r.last_activity_at,
        now,
        quizAttempts: r.quiz_attempts,
        avgQuizScore: r.avg_quiz_score,
      });
      if (!risk) continue;
      out.push({
        student_id: r.user_id,
        student_name: r.user_name ?? UNKNOWN_USER_NAME,
        student_email: r.user_email,
        course_id: r.course_id,
        course_title: r.course_title,
        risk_level: risk.level,
        current_progress: progress,
        risk_factors: risk.factors,
        days_inactive: risk.daysInactive,
        last_activity_at: iso(r.last_activity_at),
        enrolled_at: iso(r.enrolled_at),
      });
    }
    const rank = { high: 0, medium: 1 } as const;
    return out.sort(
      (a, b) => rank[a.risk_level] - rank[b.risk_level] || b.days_inactive - a.days_inactive || a.current_progress - b.current_progress,
    );
  }

  @Handles(catalogRoutes.instructorMessages)
  async listMessages(): Promise<Message[]> {
    const caller = currentCaller();
    const rows = await this.messages.listFor(caller.userId, MESSAGE_LIST_SIZE);
    return rows.map((r) => toMessage(r, caller.userId));
  }

  @Handles(catalogRoutes.markMessageRead)
  async markRead({ params: { id: messageId } }: RouteInput<R['markMessageRead']>): Promise<Message> {
    const caller = currentCaller();
    const m = await this.messages.find(messageId);
    if (!m || (m.recipientId !== caller.userId && m.senderId !== caller.userId)) throw catalogErrors.messageNotFound();
    if (m.recipientId !== caller.userId) throw catalogErrors.notMessageRecipient();
    await this.messages.markRead(messageId, this.clock.now());
    return toMessage((await this.messages.find(messageId))!, caller.userId);
  }

  /** A message to a learner of the caller's courses (of `course_id` when given). */
  @Handles(catalogRoutes.sendMessage)
  async send({ body }: RouteInput<R['sendMessage']>): Promise<Message> {
    const caller = currentCaller();
    const courseId = body.course_id ?? null;
    if (courseId) await this.access.owned(courseId, caller);
    if (!(await this.messages.isStudentOf(caller.userId, body.recipient_id, courseId))) throw catalogErrors.studentNotFound();
    const id = await this.uow.run((tx) =>
      this.messages.insert(
        tx,
        { senderId: caller.userId, recipientId: body.recipient_id, courseId, subject: body.subject, body: body.message },
        this.clock.now(),
      ),
    );
    return toMessage((await this.messages.find(id))!, caller.userId);
  }

  /** Reaches out to a learner of one of the caller's courses with the message of the chosen type. */
  @Handles(catalogRoutes.intervention)
  async intervene({
    params: { id: studentId },
    query: { course_id: courseId, intervention_type: type },
  }: RouteInput<R['intervention']>): Promise<RouteOutput<R['intervention']>> {
    const caller = currentCaller();
    const course = await this.access.owned(courseId, caller);
    if (!(await this.messages.isStudentOf(caller.userId, studentId, courseId))) throw catalogErrors.studentNotFound();
    const [student, instructor, figures] = await Promise.all([
      this.users.find(studentId),
      this.users.find(caller.userId),
      this.analytics.enrollments({ courseId }),
    ]);
    const progress = figures.find((f) => f.user_id === studentId)?.progress ?? 0;
    const text = interventionMessage(type, {
      studentName: student?.name ?? 'there',
      courseTitle: course.title,
      progress,
      instructorName: instructor?.name ?? 'your instructor',
    });
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const messageId = await this.messages.insert(
        tx,
        { senderId: caller.userId, recipientId: studentId, courseId, subject: text.subject, body: text.body },
        now,
      );
      const interventionId = await this.messages.insertIntervention(
        tx,
        { instructorId: caller.userId, studentId, courseId, interventionType: type, messageId },
        now,
      );
      return { message: 'Intervention message sent successfully!', intervention_id: interventionId, message_id: messageId };
    });
  }
}
