import { communityRoutes, type GroupMember } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Textarea,
  useToast,
} from '../../../ui';

/** A direct message to a fellow member (POST /messages), sent with the group as its context. */
export function DirectMessageDialog({
  groupId,
  member,
  onOpenChange,
}: {
  groupId: string;
  member: GroupMember | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useRouteMutation(communityRoutes.sendDirectMessage);

  const close = () => {
    setContent('');
    setError(null);
    onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!member) return;
    if (!content.trim()) {
      setError(t('community.directMessage.required'));
      return;
    }
    send.mutate(
      { body: { recipient_id: member.id, content: content.trim(), context: `study_group:${groupId}` } },
      {
        onSuccess: () => {
          toast({ title: t('community.directMessage.sent', { name: member.name }), tone: 'success' });
          close();
        },
        onError: (e) => setError(t('community.directMessage.failed', { detail: detailOrMessage(e) })),
      },
    );
  };

  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent data-testid="direct-message-dialog">
        <DialogHeader>
          <DialogTitle>{t('community.directMessage.title', { name: member?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('community.directMessage.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-3">
          <FormField label={t('community.directMessage.label')}>
            {(field) => (
              <Textarea
                {...field}
                rows={4}
                value={content}
                onChange={(e) => setContent(e.target.value)}
                required
                data-testid="direct-message-content"
              />
            )}
          </FormField>
          {error && (
            <Alert tone="error" data-testid="direct-message-error">
              {error}
            </Alert>
          )}
          <DialogFooter>
            <Button type="submit" loading={send.isPending} data-testid="direct-message-send">
              {t('community.directMessage.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
