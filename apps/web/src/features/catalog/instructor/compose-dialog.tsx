import { catalogRoutes, MessageSendRequest } from '@lp/contracts';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
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
  Textarea,
  useToast,
} from '../../../ui';
import { useContractForm } from '../../../ui/form';

export interface ComposeDraft {
  recipientId: string;
  courseId: string;
  subject: string;
}

interface ComposeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft?: ComposeDraft | null;
}

/** Spec 2.12 / 5 compose: Send is disabled until recipient, subject and message are filled. */
export function ComposeDialog({ open, onOpenChange, draft }: ComposeDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const students = useRouteQuery(catalogRoutes.instructorStudents, {});
  const form = useContractForm(MessageSendRequest, { defaultValues: { recipient_id: '', course_id: null, subject: '', message: '' } });
  const send = useRouteMutation(catalogRoutes.sendMessage, { invalidates: ['catalog.'] });

  useEffect(() => {
    if (!open) return;
    form.reset({ recipient_id: draft?.recipientId ?? '', course_id: draft?.courseId || null, subject: draft?.subject ?? '', message: '' });
    send.reset();
  }, [open, draft]);

  const { recipient_id, subject = '', message = '' } = form.watch();
  const recipient = students.data?.find((s) => s.id === recipient_id);
  // spec 5: Send stays disabled until recipient, subject and message are filled; the contract checks the rest
  const ready = Boolean(recipient_id && subject.trim() && message.trim());

  const submit = form.handleSubmit((body) =>
    send.mutate(
      { body },
      {
        onSuccess: () => {
          toast({ title: t('instructorDashboard.messages.sent'), tone: 'success' });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: detailOr(error, t('instructorDashboard.messages.sendFailed')), tone: 'error' }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="compose-dialog">
        <DialogHeader>
          <DialogTitle>{t('instructorDashboard.messages.composeTitle')}</DialogTitle>
          <DialogDescription>{t('instructorDashboard.messages.composeText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('instructorDashboard.messages.recipient')} error={form.errorText('recipient_id')}>
            {(field) => (
              <Select
                {...field}
                {...form.register('recipient_id', { onChange: () => form.setValue('course_id', null) })}
                required
                data-testid="compose-recipient"
              >
                <option value="">{t('instructorDashboard.messages.chooseRecipient')}</option>
                {(students.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.email ? `${s.name} (${s.email})` : s.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {students.isSuccess && students.data.length === 0 && <Alert tone="info">{t('instructorDashboard.messages.noStudents')}</Alert>}
          <FormField label={t('instructorDashboard.messages.course')} error={form.errorText('course_id')}>
            {(field) => (
              <Controller
                control={form.control}
                name="course_id"
                render={({ field: { value, onChange, onBlur, ref } }) => (
                  // no course is null in the contract and '' in the select
                  <Select
                    {...field}
                    ref={ref}
                    value={value ?? ''}
                    onChange={(e) => onChange(e.target.value || null)}
                    onBlur={onBlur}
                    disabled={!recipient}
                    data-testid="compose-course"
                  >
                    <option value="">{t('instructorDashboard.messages.noCourse')}</option>
                    {(recipient?.courses ?? []).map((c) => (
                      <option key={c.course_id} value={c.course_id}>
                        {c.course_title}
                      </option>
                    ))}
                  </Select>
                )}
              />
            )}
          </FormField>
          <FormField label={t('instructorDashboard.messages.subject')} error={form.errorText('subject')}>
            {(field) => <Input {...field} {...form.register('subject')} maxLength={200} required data-testid="compose-subject" />}
          </FormField>
          <FormField label={t('instructorDashboard.messages.message')} error={form.errorText('message')}>
            {(field) => (
              <Textarea {...field} {...form.register('message')} rows={6} maxLength={5000} required data-testid="compose-message" />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={!ready} loading={send.isPending} data-testid="compose-send">
              {t('instructorDashboard.messages.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
