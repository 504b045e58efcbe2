import { assessmentRoutes, type QuizResult, type TakerQuestion, type TestSession } from '@lp/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
import { useInvalidate } from '../../../api/route-hooks';
import { useToast } from '../../../ui';
import { isAnswered } from './answer-input';
import { countdownTone, type CountdownTone } from './countdown';
import { restoreAnswers, restoreCurrent, restoreFlags } from './session-answers';
import { useAutosave } from './use-autosave';
import { useCountdown } from './use-countdown';

/** The server's session as GET /quizzes/{id} and GET /mock-tests/{id}/start both answer it. */
type ServerSession = Pick<TestSession, 'session_id' | 'deadline_at' | 'server_now' | 'answers' | 'current_question' | 'flagged_questions'>;

interface QuizSessionInput {
  quizId: string;
  questions: readonly TakerQuestion[];
  session: ServerSession;
  /** Date.now() when the session's answer arrived: the countdown's reference */
  receivedAt: number;
  /** the time limit in minutes (0: none), for the timer's warning and critical tones */
  timeLimit: number;
  /** a course quiz is handed in at POST /quizzes/{id}/submit, a mock test at POST /mock-tests/{id}/submit */
  submitTo: 'quiz' | 'mock-test';
  /** the toast of a failed submit when the server says nothing better */
  submitFailed: string;
  onSubmitted: (result: QuizResult) => void;
}

export interface SessionClock {
  /** whole seconds left on the server's clock; null without a time limit */
  left: number | null;
  tone: CountdownTone;
}

/**
 * One assessment being taken on a server session (the course quiz and the timed mock test
 * alike): resumes what the session saved (answers, current question, flags), keeps the answers,
 * the current question and the flags, saves them 5 s after a change, counts down on the server's
 * clock and hands the answers in once, by the learner or when the time is up.
 */
export function useQuizSession({
  quizId,
  questions,
  session,
  receivedAt,
  timeLimit,
  submitTo,
  submitFailed,
  onSubmitted,
}: QuizSessionInput) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const [answers, setAnswers] = useState<Record<string, string>>(() => restoreAnswers(session, questions));
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(() => new Set(restoreFlags(session.flagged_questions, questions)));
  const [current, setCurrent] = useState(() => restoreCurrent(session.current_question, questions.length));
  const [changes, setChanges] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  // seconds spent on each question, for question_times
  const times = useRef<Record<string, number>>({});
  const enteredAt = useRef(Date.now());
  const state = useRef({ answers, flagged, current });
  state.current = { answers, flagged, current };

  const noteTime = useCallback(() => {
    const now = Date.now();
    const id = questions[state.current.current]?.id;
    if (id) times.current[id] = (times.current[id] ?? 0) + (now - enteredAt.current) / 1000;
    enteredAt.current = now;
  }, [questions]);

  const goTo = (index: number) => {
    if (index < 0 || index >= questions.length || index === current) return;
    noteTime();
    setCurrent(index);
    setChanges((c) => c + 1);
  };

  const answer = (questionId: string, value: string) => {
    setAnswers((prev) => ({ ...prev, [questionId]: value }));
    setChanges((c) => c + 1);
  };

  const toggleFlag = (questionId: string) => {
    setFlagged((prev) => {
      const next = new Set(prev);
      if (next.has(questionId)) next.delete(questionId);
      else next.add(questionId);
      return next;
    });
    setChanges((c) => c + 1);
  };

  const save = useCallback(() => {
    const s = state.current;
    return callRoute(assessmentRoutes.saveProgress, {
      params: { id: quizId },
      body: { session_id: session.session_id, answers: s.answers, current_question: s.current, flagged_questions: [...s.flagged] },
    });
  }, [quizId, session.session_id]);
  useAutosave(changes, save, !submitting);

  const submit = useCallback(async () => {
    if (submitted.current) return;
    submitted.current = true;
    setSubmitting(true);
    noteTime();
    const s = state.current;
    const body = { answers: s.answers, question_times: times.current, flagged_questions: [...s.flagged] };
    try {
      const result =
        submitTo === 'quiz'
          ? await callRoute(assessmentRoutes.submitQuiz, { params: { id: quizId }, body: { ...body, session_id: session.session_id } })
          : await callRoute(assessmentRoutes.submitMockTest, { params: { id: quizId }, query: { session_id: session.session_id }, body });
      // standings, attempts, analytics and grades have all moved; the taker view is not asked again (that opens a new session)
      void invalidate(['assessment.'], [assessmentRoutes.getQuiz]);
      onSubmitted(result);
    } catch (error) {
      submitted.current = false;
      setSubmitting(false);
      toast({ title: detailOr(error, submitFailed), tone: 'error' });
    }
  }, [invalidate, noteTime, onSubmitted, quizId, session.session_id, submitFailed, submitTo, toast]);

  const left = useCountdown({
    deadlineAt: session.deadline_at,
    serverNow: session.server_now,
    receivedAt,
    running: !submitting,
    onExpire: () => {
      // at zero the answers are handed in as they stand; unanswered questions count as incorrect
      toast({ title: t('taking.session.timeUp'), tone: 'info' });
      void submit();
    },
  });
  const clock: SessionClock = { left, tone: left === null ? 'normal' : countdownTone(left, timeLimit * 60) };

  const answeredCount = useMemo(() => questions.filter((q) => isAnswered(answers[q.id])).length, [answers, questions]);

  return { answers, answer, answeredCount, current, goTo, flagged, toggleFlag, clock, submit, submitting };
}
