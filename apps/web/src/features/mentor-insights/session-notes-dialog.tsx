import { mentoringRoutes, RESOURCE_TYPES, type MentoringSession } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { saveFailureText } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Spinner,
  Textarea,
} from '../../ui';
import { FieldMessage, FormDialog, useContractForm } from '../../ui/form';
import { LoadError } from '../../ui/query-state';
import {
  isNotFound,
  NotesFormSchema,
  ownMessage,
  rowsOrBlank,
  sessionWhen,
  type NotesFormValues,
  type ResourceType,
  type SharedResourceRow,
} from './logic';
import { SCROLLING_DIALOG, useSaveAndClose } from './dialog-form';
import { ListEditor } from './list-editor';

const BLANK_RESOURCE: SharedResourceRow = { name: '', url: '', type: 'document' };
const NO_NOTES: NotesFormValues = { notes: '', action_items: [''], next_session_goals: [], mentee_progress: '', resources_shared: [] };

/**
 * Spec 2.13 Add Notes: session notes, action items (add more), mentee progress, and the
 * resources shared (name, link, type) → POST /mentor/sessions/{id}/notes. Saved notes are read
 * first (GET, 404 = none yet) and fill the form; saving again replaces them.
 */
export function SessionNotesDialog({ session, zone, onClose }: { session: MentoringSession; zone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const saved = useRouteQuery(mentoringRoutes.sessionNotes, { params: { id: session.id } }, { retry: false });
  const missing = saved.isError && isNotFound(saved.error);
  const when = sessionWhen(session.scheduled_at, i18n.language, zone);
  const title = t('mentorInsights.notes.title');
  const description = t('mentorInsights.notes.description', {
    name: session.mentee_name,
    date: when.date ?? t('mentorInsights.sessions.tbd'),
  });

  if (saved.isSuccess || missing) {
    const initial: NotesFormValues = saved.data
      ? {
          notes: saved.data.notes,
          action_items: rowsOrBlank(saved.data.action_items),
          next_session_goals: saved.data.next_session_goals,
          mentee_progress: saved.data.mentee_progress,
          resources_shared: saved.data.resources_shared.map((r) => ({ ...r })),
        }
      : NO_NOTES;
    return <NotesForm session={session} initial={initial} title={title} description={description} onClose={onClose} />;
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={cn(SCROLLING_DIALOG, 'sm:max-w-2xl')} data-testid="session-notes-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {saved.isPending ? (
          <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <Spinner label={false} className="size-5 text-primary" />
            {t('mentorInsights.notes.loading')}
          </div>
        ) : (
          <LoadError error={saved.error} title={t('mentorInsights.notes.loadFailed')} onRetry={() => void saved.refetch()} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NotesForm({
  session,
  initial,
  title,
  description,
  onClose,
}: {
  session: MentoringSession;
  initial: NotesFormValues;
  title: string;
  description: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const save = useRouteMutation(mentoringRoutes.addSessionNotes, { invalidates: [mentoringRoutes.sessionNotes] });
  const form = useContractForm(NotesFormSchema, { defaultValues: initial });
  const { errors, isSubmitted } = form.formState;
  const err = form.errorText;
  const [actionItems, resources] = form.watch(['action_items', 'resources_shared']);
  const setResources = (rows: SharedResourceRow[]) => form.setValue('resources_shared', rows, { shouldValidate: isSubmitted });

  const done = useSaveAndClose(form.applyServerError, t('mentorInsights.notes.saved'), onClose);
  const submit = form.submit((body) => save.mutate({ params: { id: session.id }, body }, done));

  return (
    <FormDialog
      onClose={onClose}
      title={title}
      description={description}
      className={cn(SCROLLING_DIALOG, 'sm:max-w-2xl')}
      onSubmit={submit}
      submitLabel={t('mentorInsights.notes.save')}
      pending={save.isPending}
      error={saveFailureText(save, form.formError, t('mentorInsights.notes.failed'))}
      testId="session-notes-dialog"
      errorTestId="notes-error"
      submitTestId="notes-save"
    >
      <FormField label={t('mentorInsights.notes.notes')} error={err('notes')}>
        {(field) => <Textarea {...field} {...form.register('notes')} rows={4} maxLength={10_000} required data-testid="notes-text" />}
      </FormField>
      <ListEditor
        legend={t('mentorInsights.notes.actionItems')}
        rows={actionItems}
        onChange={(rows) => form.setValue('action_items', rows, { shouldValidate: isSubmitted })}
        itemLabel={(n) => t('mentorInsights.notes.actionItem', { n })}
        removeLabel={(n) => t('mentorInsights.notes.removeItem', { n })}
        addLabel={t('mentorInsights.notes.addMore')}
        errorOf={(i) => err(`action_items.${i}`)}
        listError={vt(ownMessage(errors.action_items))}
        testId="notes-action-items"
      />
      <FormField label={t('mentorInsights.notes.menteeProgress')} error={err('mentee_progress')}>
        {(field) => (
          <Textarea {...field} {...form.register('mentee_progress')} rows={3} maxLength={5000} data-testid="notes-mentee-progress" />
        )}
      </FormField>
      <fieldset className="space-y-3" data-testid="notes-resources">
        <legend className="text-sm font-medium text-slate-800">{t('mentorInsights.notes.resources')}</legend>
        {resources.map((row, i) => {
          const n = i + 1;
          const update = (patch: Partial<SharedResourceRow>) => setResources(resources.map((r, j) => (j === i ? { ...r, ...patch } : r)));
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
                onClick={() => setResources(resources.filter((_, j) => j !== i))}
              >
                {t('mentorInsights.notes.remove')}
              </Button>
            </div>
          );
        })}
        <FieldMessage message={vt(ownMessage(errors.resources_shared))} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setResources([...resources, { ...BLANK_RESOURCE }])}
          data-testid="notes-add-resource"
        >
          {t('mentorInsights.notes.addResource')}
        </Button>
      </fieldset>
    </FormDialog>
  );
}
