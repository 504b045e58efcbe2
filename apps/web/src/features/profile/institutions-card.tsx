import { institutionRoutes, type MyInvitation, type MyMembership } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { detailOr } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Spinner,
  useToast,
  cn,
} from '../../ui';

/** What answering or leaving makes stale: both lists, and the portals the shell shows. */
const CHANGES = ['institution.invitation.', 'institution.membership.', 'identity.portal.', 'identity.auth.'] as const;

/**
 * Membership by consent (issue 24, item 3): the institutions the person belongs to, each with
 * Leave, and the invitations addressed to their e-mail, each with Accept and Decline. The
 * invitation e-mail links here (/profile?invitation=<id>); that invitation is marked. Nothing
 * in the link accepts by itself: the signed-in person does.
 */
export function InstitutionsCard() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDate = useFormatDate();
  const [params] = useSearchParams();
  const linked = params.get('invitation');
  const invitations = useRouteQuery(institutionRoutes.myInvitations, {});
  const memberships = useRouteQuery(institutionRoutes.myMemberships, {});
  const accept = useRouteMutation(institutionRoutes.acceptInvitation, { invalidates: CHANGES });
  const decline = useRouteMutation(institutionRoutes.declineInvitation, { invalidates: CHANGES });
  const leave = useRouteMutation(institutionRoutes.leaveInstitution, { invalidates: CHANGES });
  const [leaving, setLeaving] = useState<MyMembership | null>(null);
  const failed = (e: unknown) => toast({ title: detailOr(e, t('institution.consent.failed')), tone: 'error' });
  const typeOf = (type: string) =>
    t(`institution.members.types.${type === 'faculty' ? 'faculty' : type === 'admin' ? 'admin' : 'student'}`);

  const answer = (inv: MyInvitation, yes: boolean) =>
    yes
      ? accept.mutate(
          { params: { invitationId: inv.id } },
          {
            onSuccess: () => toast({ title: t('institution.consent.accepted', { name: inv.institution_name }), tone: 'success' }),
            onError: failed,
          },
        )
      : decline.mutate(
          { params: { invitationId: inv.id } },
          { onSuccess: () => toast({ title: t('institution.consent.declined'), tone: 'success' }), onError: failed },
        );

  return (
    <section aria-labelledby="institutions-title" data-testid="profile-institutions">
      <Card>
        <CardHeader>
          <CardTitle id="institutions-title">{t('institution.consent.title')}</CardTitle>
          <CardDescription>{t('institution.consent.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {(invitations.isPending || memberships.isPending) && <Spinner className="text-primary" />}
          {(invitations.isError || memberships.isError) && <Alert tone="error">{t('institution.consent.loadFailed')}</Alert>}

          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-900">{t('institution.consent.invitations')}</h3>
            {invitations.data && invitations.data.invitations.length === 0 && (
              <p className="text-sm text-slate-600">{t('institution.consent.noInvitations')}</p>
            )}
            <ul className="space-y-2">
              {invitations.data?.invitations.map((inv) => (
                <li
                  key={inv.id}
                  className={cn(
                    'flex flex-wrap items-center justify-between gap-3 rounded-md border p-3',
                    inv.id === linked ? 'border-primary bg-primary-soft' : 'border-slate-200',
                  )}
                  data-testid="profile-invitation"
                  aria-current={inv.id === linked ? 'true' : undefined}
                >
                  <div className="space-y-0.5">
                    <p className="font-medium text-slate-900">{inv.institution_name}</p>
                    <p className="text-xs text-slate-600">
                      {inv.invited_by_name
                        ? t('institution.consent.invitedAs', { type: typeOf(inv.member_type), by: inv.invited_by_name })
                        : t('institution.consent.invitedAsNoName', { type: typeOf(inv.member_type) })}
                      {' · '}
                      {t('institution.consent.expires', { date: formatDate(inv.expires_at) })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => answer(inv, true)}
                      loading={accept.isPending && accept.variables?.params.invitationId === inv.id}
                      aria-label={t('institution.consent.acceptLabel', { name: inv.institution_name })}
                      data-testid="profile-invitation-accept"
                    >
                      {t('institution.consent.accept')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => answer(inv, false)}
                      loading={decline.isPending && decline.variables?.params.invitationId === inv.id}
                      aria-label={t('institution.consent.declineLabel', { name: inv.institution_name })}
                      data-testid="profile-invitation-decline"
                    >
                      {t('institution.consent.decline')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </div>

          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-900">{t('institution.consent.memberships')}</h3>
            {memberships.data && memberships.data.memberships.length === 0 && (
              <p className="text-sm text-slate-600">{t('institution.consent.noMemberships')}</p>
            )}
            <ul className="space-y-2">
              {memberships.data?.memberships.map((m) => (
                <li
                  key={m.institution_id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3"
                  data-testid="profile-membership"
                >
                  <div className="space-y-0.5">
                    <p className="font-medium text-slate-900">
                      {m.institution_name} {m.is_suspended && <Badge tone="warning">{t('institution.consent.suspended')}</Badge>}
                    </p>
                    <p className="text-xs text-slate-600">
                      {t('institution.consent.memberAs', { type: typeOf(m.member_type), date: formatDate(m.joined_at) })}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setLeaving(m)}
                    aria-label={t('institution.consent.leaveLabel', { name: m.institution_name })}
                    data-testid="profile-membership-leave"
                  >
                    {t('institution.consent.leave')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title={t('institution.consent.leaveLabel', { name: leaving?.institution_name ?? '' })}
        description={t('institution.consent.leaveDescription')}
        confirmLabel={t('institution.consent.leave')}
        destructive
        pending={leave.isPending}
        testId="profile-leave-confirm"
        onConfirm={() => {
          const m = leaving;
          setLeaving(null);
          if (m)
            leave.mutate(
              { params: { institutionId: m.institution_id } },
              {
                onSuccess: () => toast({ title: t('institution.consent.left', { name: m.institution_name }), tone: 'success' }),
                onError: failed,
              },
            );
        }}
      />
    </section>
  );
}
