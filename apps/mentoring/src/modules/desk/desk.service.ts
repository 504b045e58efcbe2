import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MentoringErrorCode, AppError, mentoringRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { ExportsUserData, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { z } from 'zod';
import type { MenteeProgressSchema, ResourceSchema, SessionNotesSchema } from '@lp/contracts';
import { MenteeProgressEntity } from '../../entities/mentee-progress.entity.js';
import { ResourceEntity } from '../../entities/resource.entity.js';
import { SessionNotesEntity } from '../../entities/session-notes.entity.js';
import { SessionEntity } from '../../entities/session.entity.js';
import { sessionErrors } from '../sessions/session-errors.js';
import { menteeRows, type MenteeRow } from './mentees.sql.js';

type R = typeof mentoringRoutes;
type Notes = z.infer<typeof SessionNotesSchema>;
type Progress = z.infer<typeof MenteeProgressSchema>;
type Resource = z.infer<typeof ResourceSchema>;

/** "a, b,, c" or a list: trimmed, blanks and repeats dropped */
export const listOf = (v: string | string[]): string[] => [
  ...new Set((Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean)),
];

const toNotes = (n: SessionNotesEntity): Notes => ({
  session_id: n.sessionId,
  notes: n.notes,
  action_items: n.actionItems,
  next_session_goals: n.nextSessionGoals,
  mentee_progress: n.menteeProgress,
  resources_shared: n.resourcesShared,
  updated_at: n.updatedAt.toISOString(),
});
const toResource = (r: ResourceEntity): Resource => ({
  id: r.id,
  title: r.title,
  description: r.description,
  resource_type: r.resourceType,
  url: r.url,
  content: r.content,
  tags: r.tags,
  is_public: r.isPublic,
  created_at: r.createdAt.toISOString(),
});

const errors = {
  notesNotFound: () => AppError.notFound('No notes for this session yet', MentoringErrorCode.NOTES_NOT_FOUND),
  notYourMentee: () => AppError.notFound('This learner has had no session with you', MentoringErrorCode.NOT_YOUR_MENTEE),
  resourceNotFound: () => AppError.notFound('Resource not found', MentoringErrorCode.RESOURCE_NOT_FOUND),
  notCompleted: () => AppError.rule(MentoringErrorCode.SESSION_NOT_COMPLETED, 'Notes can be added only to completed sessions'),
};

/**
 * The mentor's desk: notes on completed sessions, a progress record per mentee, resources.
 * Everything is the calling mentor's own: another mentor's session, mentee or resource is 404.
 */
@Injectable()
export class DeskService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  @Handles(mentoringRoutes.sessionNotes)
  async notes({ params }: RouteInput<R['sessionNotes']>): Promise<Notes> {
    await this.ownSession(params.id, this.ds.manager);
    const n = await this.ds.getRepository(SessionNotesEntity).findOneBy({ sessionId: params.id });
    if (!n) throw errors.notesNotFound();
    return toNotes(n);
  }

  /** Only on the mentor's own completed sessions (the spec's rule); saving again replaces the notes. */
  @Handles(mentoringRoutes.addSessionNotes)
  async saveNotes({ params, body }: RouteInput<R['addSessionNotes']>): Promise<Notes> {
    const mentorId = currentCaller().userId;
    const saved = await this.uow.run(async (tx) => {
      const s = await this.ownSession(params.id, tx);
      if (s.status !== 'completed') throw errors.notCompleted();
      const repo = tx.getRepository(SessionNotesEntity);
      await repo.upsert(
        {
          sessionId: s.id,
          mentorId,
          notes: body.notes,
          actionItems: listOf(body.action_items),
          nextSessionGoals: listOf(body.next_session_goals),
          menteeProgress: body.mentee_progress,
          resourcesShared: body.resources_shared,
        },
        ['sessionId'],
      );
      return (await repo.findOneBy({ sessionId: s.id }))!;
    });
    return toNotes(saved);
  }

  @Handles(mentoringRoutes.menteesProgress)
  async mentees(): Promise<RouteOutput<R['menteesProgress']>> {
    const rows = await menteeRows(this.ds.manager, currentCaller().userId);
    const mentees = rows.map(toProgress);
    const active = rows.filter((r) => r.active).length;
    const avg = mentees.length ? Math.round((mentees.reduce((a, m) => a + m.completion_rate, 0) / mentees.length) * 10) / 10 : 0;
    return { summary: { total_mentees: mentees.length, active_mentees: active, avg_completion_rate: avg }, mentees };
  }

  /** Only for a learner who has had a session with this mentor. */
  @Handles(mentoringRoutes.updateMenteeProgress)
  async updateProgress({ params, body }: RouteInput<R['updateMenteeProgress']>): Promise<Progress> {
    const mentorId = currentCaller().userId;
    if (!(await menteeRows(this.ds.manager, mentorId, params.id)).length) throw errors.notYourMentee();
    await this.ds.getRepository(MenteeProgressEntity).upsert(
      {
        mentorId,
        menteeId: params.id,
        goals: listOf(body.goals),
        progressNotes: body.progress_notes,
        skillsDeveloped: listOf(body.skills_developed),
        areasForImprovement: listOf(body.areas_for_improvement),
        nextMilestones: listOf(body.next_milestones),
        updatedAt: new Date(),
      },
      ['mentorId', 'menteeId'],
    );
    return toProgress((await menteeRows(this.ds.manager, mentorId, params.id))[0]!);
  }

  @Handles(mentoringRoutes.resources)
  async resources(): Promise<RouteOutput<R['resources']>> {
    const all = (
      await this.ds
        .getRepository(ResourceEntity)
        .find({ where: { mentorId: currentCaller().userId }, order: { createdAt: 'DESC', id: 'ASC' } })
    ).map(toResource);
    const of = (t: Resource['resource_type']) => all.filter((r) => r.resource_type === t);
    return { documents: of('document'), videos: of('video'), tools: of('tool'), templates: of('template') };
  }

  @Handles(mentoringRoutes.addResource)
  async addResource({ body }: RouteInput<R['addResource']>): Promise<Resource> {
    const repo = this.ds.getRepository(ResourceEntity);
    const saved = await repo.save(
      repo.create({
        mentorId: currentCaller().userId,
        title: body.title,
        description: body.description,
        resourceType: body.resource_type,
        url: body.url || null,
        content: body.content,
        tags: body.tags,
        isPublic: body.is_public,
      }),
    );
    return toResource(saved);
  }

  @Handles(mentoringRoutes.deleteResource)
  async deleteResource({ params }: RouteInput<R['deleteResource']>): Promise<{ message: string }> {
    const r = await this.ds.getRepository(ResourceEntity).delete({ id: params.id, mentorId: currentCaller().userId });
    if (!r.affected) throw errors.resourceNotFound();
    return { message: 'Resource deleted' };
  }

  /** Mentoring's part of "Download my data": notes, progress records and resources the person wrote. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const [notes, progress, resources] = await Promise.all([
      this.ds.getRepository(SessionNotesEntity).find({ where: { mentorId: userId } }),
      this.ds.getRepository(MenteeProgressEntity).find({ where: { mentorId: userId } }),
      this.ds.getRepository(ResourceEntity).find({ where: { mentorId: userId } }),
    ]);
    return {
      session_notes: notes.map(toNotes),
      mentee_progress_records: progress.map((p) => ({
        mentee_id: p.menteeId,
        goals: p.goals,
        progress_notes: p.progressNotes,
        skills_developed: p.skillsDeveloped,
        areas_for_improvement: p.areasForImprovement,
        next_milestones: p.nextMilestones,
      })),
      resources: resources.map(toResource),
    };
  }

  private async ownSession(id: string, db: EntityManager): Promise<SessionEntity> {
    const s = await db.getRepository(SessionEntity).findOneBy({ id });
    if (!s || s.mentorId !== currentCaller().userId) throw sessionErrors.notFound();
    return s;
  }
}

function toProgress(r: MenteeRow): Progress {
  return {
    mentee_id: r.mentee_id,
    name: r.name ?? 'Unknown user',
    email: r.email,
    profile_image: r.profile_image,
    total_sessions: r.total_sessions,
    completed_sessions: r.completed_sessions,
    total_hours: Math.round((r.completed_minutes / 60) * 10) / 10,
    completion_rate: r.total_sessions ? Math.round((r.completed_sessions / r.total_sessions) * 1000) / 10 : 0,
    last_session_date: r.last_session ? r.last_session.toISOString() : null,
    current_goals: r.goals ?? [],
    skills_developed: r.skills_developed ?? [],
    areas_for_improvement: r.areas_for_improvement ?? [],
    next_milestones: r.next_milestones ?? [],
    progress_notes: r.progress_notes ?? '',
    progress_updated_at: r.progress_updated_at ? r.progress_updated_at.toISOString() : null,
  };
}
