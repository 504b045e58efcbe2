import { catalogRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
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
import { useRefreshCatalog } from '../shared/catalog-queries';
import { useInstructorStudents } from './instructor-queries';

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
  const refresh = useRefreshCatalog();
  const students = useInstructorStudents();
  const [recipientId, setRecipientId] = useState('');
  const [courseId, setCourseId] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: () =>
      callRoute(catalogRoutes.sendMessage, {
        body: { recipient_id: recipientId, course_id: courseId || null, subject: subject.trim(), message: message.trim() },
      }),
    onSuccess: () => void refresh(),
  });

  useEffect(() => {
    if (!open) return;
    setRecipientId(draft?.recipientId ?? '');
    setCourseId(draft?.courseId ?? '');
    setSubject(draft?.subject ?? '');
    setMessage('');
    send.reset();
  }, [open, draft]);

  const recipient = students.data?.find((s) => s.id === recipientId);
  const ready = Boolean(recipientId && subject.trim() && message.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    send.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('instructorDashboard.messages.sent'), tone: 'success' });
        onOpenChange(false);
      },
      onError: (error) => toast({ title: detailOr(error, t('instructorDashboard.messages.sendFailed')), tone: 'error' }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="compose-dialog">
        <DialogHeader>
          <DialogTitle>{t('instructorDashboard.messages.composeTitle')}</DialogTitle>
          <DialogDescription>{t('instructorDashboard.messages.composeText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('instructorDashboard.messages.recipient')}>
            {(field) => (
              <Select
                {...field}
                value={recipientId}
                onChange={(e) => {
                  setRecipientId(e.target.value);
                  setCourseId('');
                }}
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
          <FormField label={t('instructorDashboard.messages.course')}>
            {(field) => (
              <Select {...field} value={courseId} onChange={(e) => setCourseId(e.target.value)} disabled={!recipient} data-testid="compose-course">
                <option value="">{t('instructorDashboard.messages.noCourse')}</option>
                {(recipient?.courses ?? []).map((c) => (
                  <option key={c.course_id} value={c.course_id}>
                    {c.course_title}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t('instructorDashboard.messages.subject')}>
            {(field) => <Input {...field} value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} required data-testid="compose-subject" />}
          </FormField>
          <FormField label={t('instructorDashboard.messages.message')}>
            {(field) => <Textarea {...field} value={message} onChange={(e) => setMessage(e.target.value)} rows={6} maxLength={5000} required data-testid="compose-message" />}
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
