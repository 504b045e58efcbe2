import { communityRoutes, type GroupMember } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import { FormField, Textarea, useToast } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import { DirectMessageFormSchema, formProblem } from '../forms';

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
  // mounted while a member is chosen: each message starts empty
  return member ? <DirectMessageForm groupId={groupId} member={member} onClose={() => onOpenChange(false)} /> : null;
}

function DirectMessageForm({ groupId, member, onClose }: { groupId: string; member: GroupMember; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const detailOrMessage = useDetailOrMessage();
  const form = useContractForm(DirectMessageFormSchema, { defaultValues: { content: '' } });
  const navigate = useNavigate();
  const send = useRouteMutation(communityRoutes.sendDirectMessage);
  const problem = formProblem(['content'], form.getValues(), form.formState.errors);
  const error = problem
    ? problem.kind === 'missing'
      ? t('community.directMessage.required')
      : vt(problem.message)
    : send.isError
      ? t('community.directMessage.failed', { detail: detailOrMessage(send.error) })
      : undefined;

  const submit = form.submit(({ content }) =>
    send.mutate(
      { body: { recipient_id: member.id, content, context: `study_group:${groupId}` } },
      {
        onSuccess: () => {
          toast({ title: t('community.directMessage.sent', { name: member.name }), tone: 'success' });
          onClose();
          // the conversation goes on in the inbox, where the answer will arrive
          navigate(`/messages/${member.id}`);
        },
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('community.directMessage.title', { name: member.name })}
      description={t('community.directMessage.description')}
      onSubmit={submit}
      submitLabel={t('community.directMessage.send')}
      pending={send.isPending}
      error={error ?? null}
      testId="direct-message-dialog"
      errorTestId="direct-message-error"
      submitTestId="direct-message-send"
    >
      <FormField label={t('community.directMessage.label')}>
        {(field) => <Textarea {...field} {...form.register('content')} rows={4} required data-testid="direct-message-content" />}
      </FormField>
    </FormDialog>
  );
}
