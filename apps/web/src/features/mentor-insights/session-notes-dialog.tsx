import { mentoringRoutes, RESOURCE_TYPES, SessionNotesRequest, type MentoringSession } from '@lp/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { serverDetail } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Spinner,
  Textarea,
  useToast,
} from '../../ui';
import { LoadError } from '../../ui/query-state';
import {
  errorsByPath,
  filledResourceRows,
  filledRows,
  isNotFound,
  issuePath,
  rowsOrBlank,
  sessionWhen,
  type ResourceType,
  type SharedResourceRow,
} from './logic';
import { ListEditor } from './list-editor';

const BLANK_RESOURCE: SharedResourceRow = { name: '', url: '', type: 'document' };

/**
 * Spec 2.13 Add Notes: session notes, action items (add more), mentee progress, and the
 * resources shared (name, link, type) → POST /mentor/sessions/{id}/notes. Saved notes are read
 * first (GET, 404 = none yet) and fill the form; saving again replaces them.
 */
export function SessionNotesDialog({ session, zone, onClose }: { session: MentoringSession; zone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const saved = useRouteQuery(mentoringRoutes.sessionNotes, { params: { id: session.id } }, { retry: false });
  const save = useRouteMutation(mentoringRoutes.addSessionNotes, { invalidates: [mentoringRoutes.sessionNotes] });
  const [notes, setNotes] = useState('');
  const [actionItems, setActionItems] = useState<string[]>(['']);
  const [menteeProgress, setMenteeProgress] = useState('');
  const [resources, setResources] = useState<SharedResourceRow[]>([]);
  const [goals, setGoals] = useState<string[]>([]);
  const [prefilled, setPrefilled] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (prefilled || !saved.data) return;
    setNotes(saved.data.notes);
    setActionItems(rowsOrBlank(saved.data.action_items));
    setMenteeProgress(saved.data.mentee_progress);
    setResources(saved.data.resources_shared.map((r) => ({ ...r })));
    setGoals(saved.data.next_session_goals);
    setPrefilled(true);
  }, [saved.data, prefilled]);

  const missing = saved.isError && isNotFound(saved.error);
  const ready = saved.isSuccess || missing;
  const when = sessionWhen(session.scheduled_at, i18n.language, zone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      notes,
      action_items: filledRows(actionItems),
      next_session_goals: goals,
      mentee_progress: menteeProgress,
      resources_shared: filledResourceRows(resources),
    };
    const checked = SessionNotesRequest.safeParse(body);
    if (!checked.success) {
      setErrors(errorsByPath(checked.error.issues.map((i) => ({ path: issuePath(i.path), message: i.message }))));
      return;
    }
    setErrors({});
    save.mutate(
      { params: { id: session.id }, body },
      {
        onSuccess: () => {
          toast({ title: t('mentorInsights.notes.saved'), tone: 'success' });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.errors.length > 0) setErrors(errorsByPath(error.errors));
        },
      },
    );
  };
  const err = (path: string) => vt(errors[path]);
  const placed = (path: string) => ['notes', 'mentee_progress'].includes(path) || /^(action_items|resources_shared)(\.|$)/.test(path);
  const unplaced = Object.entries(errors).filter(([path]) => !placed(path));
  const showServerAlert = save.isError && (!isApiError(save.error) || save.error.errors.length === 0);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="session-notes-dialog">
        <DialogHeader>
          <DialogTitle>{t('mentorInsights.notes.title')}</DialogTitle>
          <DialogDescription>
            {t('mentorInsights.notes.description', { name: session.mentee_name, date: when.date ?? t('mentorInsights.sessions.tbd') })}
          </DialogDescription>
        </DialogHeader>
        {saved.isPending ? (
          <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <Spinner label={false} className="size-5 text-primary" />
            {t('mentorInsights.notes.loading')}
          </div>
        ) : !ready ? (
          <LoadError error={saved.error} title={t('mentorInsights.notes.loadFailed')} onRetry={() => void saved.refetch()} />
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <FormField label={t('mentorInsights.notes.notes')} error={err('notes')}>
              {(field) => (
                <Textarea
                  {...field}
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                  rows={4}
                  maxLength={10_000}
                  required
                  data-testid="notes-text"
                />
              )}
            </FormField>
            <ListEditor
              legend={t('mentorInsights.notes.actionItems')}
              rows={actionItems}
              onChange={setActionItems}
              itemLabel={(n) => t('mentorInsights.notes.actionItem', { n })}
              removeLabel={(n) => t('mentorInsights.notes.removeItem', { n })}
              addLabel={t('mentorInsights.notes.addMore')}
              errorOf={(i) => err(`action_items.${i}`)}
              listError={err('action_items')}
              testId="notes-action-items"
            />
            <FormField label={t('mentorInsights.notes.menteeProgress')} error={err('mentee_progress')}>
              {(field) => (
                <Textarea
                  {...field}
                  value={menteeProgress}
                  onChange={(e) => setMenteeProgress(e.target.value)}
                  rows={3}
                  maxLength={5000}
                  data-testid="notes-mentee-progress"
                />
              )}
            </FormField>
            <fieldset className="space-y-3" data-testid="notes-resources">
              <legend className="text-sm font-medium text-slate-800">{t('mentorInsights.notes.resources')}</legend>
              {resources.map((row, i) => {
                const n = i + 1;
                const update = (patch: Partial<SharedResourceRow>) =>
                  setResources((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
                return (
                  <div
                    key={i}
                    role="group"
                    aria-label={t('mentorInsights.notes.resourceRow', { n })}
                    className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_9rem_auto] sm:items-end"
                  >
                    <FormField label={t('mentorInsights.notes.resourceName')} error={err(`resources_shared.${i}.name`)}>
                      {(field) => (
                        <Input
                          {...field}
                          value={row.name}
                          onChange={(e) => update({ name: e.target.value })}
                          maxLength={200}
                          data-testid="notes-resource-name"
                        />
                      )}
                    </FormField>
                    <FormField label={t('mentorInsights.notes.resourceUrl')} error={err(`resources_shared.${i}.url`)}>
                      {(field) => (
                        <Input
                          {...field}
                          type="url"
                          value={row.url}
                          onChange={(e) => update({ url: e.target.value })}
                          placeholder="https://"
                          data-testid="notes-resource-url"
                        />
                      )}
                    </FormField>
                    <FormField label={t('mentorInsights.notes.resourceType')} error={err(`resources_shared.${i}.type`)}>
                      {(field) => (
                        <Select
                          {...field}
                          value={row.type}
                          onChange={(e) => update({ type: e.target.value as ResourceType })}
                          data-testid="notes-resource-type"
                        >
                          {RESOURCE_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {t(`mentorInsights.resources.types.${type}`)}
                            </option>
                          ))}
                        </Select>
                      )}
                    </FormField>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={t('mentorInsights.notes.removeResource', { n })}
                      onClick={() => setResources((rs) => rs.filter((_, j) => j !== i))}
                    >
                      {t('mentorInsights.notes.remove')}
                    </Button>
                  </div>
                );
              })}
              {err('resources_shared') && (
                <p className="text-xs font-medium text-red-700" role="alert">
                  {err('resources_shared')}
                </p>
              )}
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setResources((rs) => [...rs, { ...BLANK_RESOURCE }])}
                data-testid="notes-add-resource"
              >
                {t('mentorInsights.notes.addResource')}
              </Button>
            </fieldset>
            {unplaced.length > 0 && <Alert tone="error">{unplaced.map(([, message]) => vt(message)).join(' ')}</Alert>}
            {showServerAlert && (
              <Alert tone="error" data-testid="notes-error">
                {serverDetail(save.error) ?? t('mentorInsights.notes.failed')}
              </Alert>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('common.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" loading={save.isPending} data-testid="notes-save">
                {t('mentorInsights.notes.save')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
