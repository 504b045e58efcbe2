import { Inject, Injectable } from '@nestjs/common';
import { assessmentEvents, gradeProblem, type Submission, assessmentRoutes, type RouteInput } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, UnitOfWork, iso, Handles, currentCaller } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { applyLatePenalty, daysLate, gradePercentage } from '@lp/contracts';
import { AssignmentAccess } from './assignment-access.js';
import { toSubmission } from './assignment.mapper.js';
import { SubmissionsRepository } from './submissions.repository.js';

type R = typeof assessmentRoutes;

/**
 * Submissions: one per learner and assignment, replaced by each resubmission until it is
 * graded; lateness is judged on the server's clock against the due date. Grading applies
 * the assignment's late penalty per day and announces the grade in the same transaction.
 */
@Injectable()
export class SubmissionsService {
  constructor(
    @Inject(SubmissionsRepository) private readonly submissions: SubmissionsRepository,
    @Inject(AssignmentAccess) private readonly access: AssignmentAccess,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(assessmentRoutes.listSubmissions)
  async list({ params: { id: assignmentId } }: RouteInput<R['listSubmissions']>): Promise<Submission[]> {
    const caller = currentCaller();
    await this.access.managed(assignmentId, caller);
    return (await this.submissions.listForAssignment(assignmentId)).map(toSubmission);
  }

  @Handles(assessmentRoutes.submitAssignment)
  async submit({ params: { id: assignmentId }, body: input }: RouteInput<R['submitAssignment']>): Promise<Submission> {
    const caller = currentCaller();
    if (input.assignment_id !== undefined && input.assignment_id !== assignmentId) throw assessmentErrors.idMismatch('assignment_id');
    const id = await this.uow.run(async (tx) => {
      const { assignment } = await this.access.visible(assignmentId, caller, tx);
      const now = this.clock.now();
      const days = daysLate(now, assignment.dueDate);
      if (days > 0 && !assignment.allowLateSubmission) throw assessmentErrors.lateNotAllowed();
      const written = await this.submissions.upsertUngraded(tx, {
        assignmentId,
        studentId: caller.userId,
        submissionText: input.submission_text,
        submissionFiles: input.submission_files,
        submittedAt: now,
        isLate: days > 0,
        daysLate: days,
      });
      if (!written) throw assessmentErrors.alreadyGraded();
      return written;
    });
    return toSubmission((await this.submissions.find(id))!);
  }

  @Handles(assessmentRoutes.gradeSubmission)
  async grade({ params: { id: submissionId }, body: input }: RouteInput<R['gradeSubmission']>): Promise<Submission> {
    const caller = currentCaller();
    if (input.submission_id !== undefined && input.submission_id !== submissionId) throw assessmentErrors.idMismatch('submission_id');
    await this.uow.run(async (tx) => {
      const found = await this.submissions.find(submissionId, tx);
      if (!found) throw assessmentErrors.submissionNotFound();
      // the assignment first, then the submission: the order an edit of the due date takes them in
      const { assignment, course } = await this.access.managed(found.assignmentId, caller, tx);
      const submission = await this.submissions.lockForGrading(tx, submissionId);
      if (!submission) throw assessmentErrors.submissionNotFound();
      const maxPoints = assignment.maxPoints;
      const problem = gradeProblem(input.grade, maxPoints);
      if (problem) throw assessmentErrors.invalidGrade(problem);
      const penalised = applyLatePenalty(input.grade, submission.daysLate, assignment.latePenaltyPercent);
      const gradedAt = this.clock.now();
      await this.submissions.writeGrade(tx, submissionId, {
        rawGrade: input.grade,
        grade: penalised.grade,
        feedback: input.feedback,
        gradedBy: caller.userId,
        gradedAt,
      });
      await writeEvent(tx, assessmentEvents.submissionGraded, {
        v: 1,
        submission_id: submissionId,
        assignment_id: assignment.id,
        assignment_title: assignment.title,
        course_id: course.id,
        user_id: submission.studentId,
        grade: penalised.grade,
        raw_grade: input.grade,
        max_points: maxPoints,
        percentage: gradePercentage(penalised.grade, maxPoints),
        is_late: submission.isLate,
        regraded: submission.gradedAt !== null,
        graded_by: caller.userId,
        graded_at: iso(gradedAt),
      });
    });
    return toSubmission((await this.submissions.find(submissionId))!);
  }
}
