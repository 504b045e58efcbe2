import { communityRoutes, INVITATION_TTL_DAYS, RECENT_INVITATIONS_SHOWN, type Invitation } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import { useValidationText } from '../../../i18n/validation-text';
import { Alert, Badge, Button, FormField, Input, Textarea, useToast } from '../../../ui';
import { FormErrorAlert, useContractForm } from '../../../ui/form';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { formProblem, INVITE_FORM_FIELDS, InviteFormSchema } from '../forms';

/** Invitations: invite by e-mail with an optional message; the 5 most recent with their status; Resend for pending ones. */
export function InvitationsPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const invitations = useRouteQuery(communityRoutes.listInvitations, { params: { id: groupId } });
  return (
    <div className="space-y-5" data-testid="invitations-panel">
      <InviteForm groupId={groupId} />
      <Alert tone="info" data-testid="invitation-tip">
        {t('community.invitations.tip', { days: INVITATION_TTL_DAYS })}
      </Alert>
      <section aria-labelledby="recent-invitations">
        <h3 id="recent-invitations" className="mb-2 font-semibold text-slate-900">
          {t('community.invitations.recent', { count: RECENT_INVITATIONS_SHOWN })}
        </h3>
        {invitations.isPending ? (
          <LoadingBlock />
        ) : invitations.isError ? (
          <LoadError error={invitations.error} title={t('community.invitations.loadFailed')} onRetry={() => void invitations.refetch()} />
        ) : invitations.data.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="invitations-empty">
            {t('community.invitations.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="invitations-list">
            {invitations.data.slice(0, RECENT_INVITATIONS_SHOWN).map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InviteForm({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const detailOrMessage = useDetailOrMessage();
  const form = useContractForm(InviteFormSchema, { defaultValues: { email: '', message: '' } });
  const send = useRouteMutation(communityRoutes.sendInvitation, {
    invalidates: [communityRoutes.listInvitations, communityRoutes.groupAnalytics],
  });
  const problem = formProblem(INVITE_FORM_FIELDS, form.getValues(), form.formState.errors);
  const error = problem
    ? problem.kind === 'missing'
      ? t('community.invitations.emailRequired')
      : vt(problem.message)
    : send.isError
      ? t('community.invitations.sendFailed', { detail: detailOrMessage(send.error) })
      : undefined;

  const submit = form.submit((body) =>
    send.mutate(
      { params: { id: groupId }, body },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, tone: 'success' });
          form.reset();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="invite-form">
      <FormField label={t('community.invitations.email')}>
        {(field) => <Input {...field} type="email" autoComplete="off" {...form.register('email')} required data-testid="invite-email" />}
      </FormField>
      <FormField label={t('community.invitations.message')}>
        {(field) => <Textarea {...field} rows={2} maxLength={1000} {...form.register('message')} data-testid="invite-message" />}
      </FormField>
      {error && <FormErrorAlert testId="invite-error">{error}</FormErrorAlert>}
      <Button type="submit" loading={send.isPending} data-testid="invite-submit">
        {t('community.invitations.send')}
      </Button>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const formatDateTime = useFormatDateTime();
  const resend = useRouteMutation(communityRoutes.resendInvitation, { invalidates: [communityRoutes.listInvitations] });
  const tone =
    invitation.status === 'accepted' ? 'success' : invitation.status === 'declined' ? 'danger' : invitation.expired ? 'warning' : 'primary';
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
      data-testid="invitation"
      data-invitation-id={invitation.id}
      data-status={invitation.status}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900" data-testid="invitation-email">
          {invitation.email}
        </p>
        <p className="text-xs text-slate-600">
          {t('community.invitations.sentBy', { name: invitation.invited_by_name, date: formatDateTime(invitation.created_at) })}
        </p>
      </div>
      <Badge tone={tone} data-testid="invitation-status">
        {invitation.status === 'pending' && invitation.expired
          ? t('community.invitations.status.expired')
          : t(`community.invitations.status.${invitation.status}`)}
      </Badge>
      {invitation.status === 'pending' && (
        <Button
          size="sm"
          variant="outline"
          loading={resend.isPending}
          aria-label={t('community.invitations.resendTo', { email: invitation.email })}
          data-testid="invitation-resend"
          onClick={() =>
            resend.mutate(
              { params: { id: invitation.id } },
              {
                onSuccess: (answer) => toast({ title: answer.message, tone: 'success' }),
                onError: (error) =>
                  toast({ title: t('community.invitations.resendFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
              },
            )
          }
        >
          {t('community.invitations.resend')}
        </Button>
      )}
    </li>
  );
}
