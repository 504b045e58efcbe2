import { mentoringRoutes, type MentoringSession } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { formatDayMonth } from '../../lib/figures';
import {
  Badge,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
} from '../../ui';
import { LoadError } from '../../ui/query-state';
import { statusTone } from '../mentoring';
import { isNotFound } from './logic';
import { SessionFacts } from './session-facts';

/** Spec 2.13 View Details: the session (title, description, when, duration, amount, rating, review) and its notes. */
export function SessionDetailsDialog({ session, zone, onClose }: { session: MentoringSession; zone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notes = useRouteQuery(mentoringRoutes.sessionNotes, { params: { id: session.id } }, { retry: false });
  const none = notes.isError && isNotFound(notes.error);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="session-details-dialog">
        <DialogHeader>
          <DialogTitle>{t('mentorInsights.details.title')}</DialogTitle>
          <DialogDescription>
            {t('mentorInsights.details.description', { title: session.title, name: session.mentee_name })}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4 text-sm">
          <dl className="grid gap-2 sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-600">{t('mentorInsights.details.sessionTitle')}</dt>
            <dd className="font-medium break-words text-slate-900">{session.title}</dd>
            <dt className="text-slate-600">{t('mentorInsights.sessions.mentee')}</dt>
            <dd className="font-medium break-words text-slate-900">{session.mentee_name}</dd>
            <dt className="text-slate-600">{t('mentorInsights.details.status')}</dt>
            <dd>
              <Badge tone={statusTone(session.status)}>{t(`mentorInsights.sessions.status.${session.status}`)}</Badge>
            </dd>
            {session.description && (
              <>
                <dt className="text-slate-600">{t('mentorInsights.details.descriptionLabel')}</dt>
                <dd className="break-words whitespace-pre-line text-slate-900">{session.description}</dd>
              </>
            )}
            <dt className="text-slate-600">{t('mentorInsights.details.review')}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900" data-testid="details-review">
              {session.review || t('mentorInsights.details.noReview')}
            </dd>
          </dl>
          <SessionFacts session={session} zone={zone} showRating />
          <section aria-labelledby="session-details-notes" className="space-y-2 border-t border-slate-200 pt-3">
            <h3 id="session-details-notes" className="font-semibold text-slate-900">
              {t('mentorInsights.details.notesHeading')}
            </h3>
            {notes.isPending ? (
              <Spinner className="size-5 text-primary" />
            ) : none ? (
              <p className="text-slate-600" data-testid="details-no-notes">
                {t('mentorInsights.details.noNotes')}
              </p>
            ) : notes.isError ? (
              <LoadError error={notes.error} title={t('mentorInsights.details.notesFailed')} onRetry={() => void notes.refetch()} />
            ) : (
              <div className="space-y-3" data-testid="details-notes">
                <p className="break-words whitespace-pre-line text-slate-900">{notes.data.notes}</p>
                {notes.data.action_items.length > 0 && (
                  <div>
                    <h4 className="font-medium text-slate-800">{t('mentorInsights.notes.actionItems')}</h4>
                    <ul className="list-disc pl-5 text-slate-900">
                      {notes.data.action_items.map((item, i) => (
                        <li key={i}>{item}</li>
                      ))}
                    </ul>
                  </div>
                )}
                {notes.data.mentee_progress && (
                  <div>
                    <h4 className="font-medium text-slate-800">{t('mentorInsights.notes.menteeProgress')}</h4>
                    <p className="break-words whitespace-pre-line text-slate-900">{notes.data.mentee_progress}</p>
                  </div>
                )}
                {notes.data.resources_shared.length > 0 && (
                  <div>
                    <h4 className="font-medium text-slate-800">{t('mentorInsights.notes.resources')}</h4>
                    <ul className="space-y-1">
                      {notes.data.resources_shared.map((r, i) => (
                        <li key={i} className="flex flex-wrap items-center gap-2">
                          <a
                            href={r.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="font-medium break-all text-primary-strong underline"
                          >
                            {r.name || r.url}
                          </a>
                          <Badge tone="neutral">{t(`mentorInsights.resources.types.${r.type}`)}</Badge>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                <p className="text-xs text-slate-600">
                  {t('mentorInsights.details.updated', { date: formatDayMonth(notes.data.updated_at, i18n.language) })}
                </p>
              </div>
            )}
          </section>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('mentorInsights.details.close')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
