import { communityRoutes, STUDY_GROUP_CATEGORY_LABELS, type RouteOutput } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import { usePageTitle } from '../../../lib/use-page-title';
import { FullPageSpinner } from '../../../routes/full-page-spinner';
import { PublicLayout } from '../../../routes/public-layout';
import { Alert, Badge, Button, Card, CardContent, useToast } from '../../../ui';
import { type AuthMode, type AuthRedirectState, useSession } from '../../auth';

/**
 * The invitation link's page (/community/invitations/{token}), public: the group and who invited,
 * then Accept or Decline. A visitor who is not signed in signs in or registers first and comes
 * back here; an expired or answered invitation says so.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  usePageTitle(t('community.invitation.title'));
  const { token } = useParams<{ token: string }>();
  const { status, user } = useSession();
  const preview = useRouteQuery(communityRoutes.invitationPreview, { params: { token } }, { retry: false });

  if (status === 'loading' || preview.isPending) return <FullPageSpinner />;
  return (
    <PublicLayout>
      <Card className="w-full max-w-xl" data-testid="invitation-page">
        <CardContent className="space-y-5 sm:p-8">
          {preview.isError ? (
            <InvalidLink error={preview.error} signedIn={Boolean(user)} />
          ) : (
            <InvitationBody token={token ?? ''} invitation={preview.data} signedIn={Boolean(user)} />
          )}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}

type Preview = RouteOutput<typeof communityRoutes.invitationPreview>;

function InvalidLink({ error, signedIn }: { error: unknown; signedIn: boolean }) {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <div className="space-y-4 text-center" data-testid="invitation-invalid">
      <h1 className="text-2xl font-bold text-slate-900">{t('community.invitation.invalidTitle')}</h1>
      <p className="text-slate-700">{notFound ? t('community.invitation.invalidText') : detailOrMessage(error)}</p>
      <Button asChild variant="outline">
        <Link to={signedIn ? '/community' : '/'}>{t(signedIn ? 'community.invitation.toCommunity' : 'community.invitation.toHome')}</Link>
      </Button>
    </div>
  );
}

function InvitationBody({ token, invitation, signedIn }: { token: string; invitation: Preview; signedIn: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const formatDateTime = useFormatDateTime();
  const detailOrMessage = useDetailOrMessage();
  const accept = useRouteMutation(communityRoutes.acceptInvitation, { invalidates: ['community.'] });
  const decline = useRouteMutation(communityRoutes.declineInvitation, { invalidates: ['community.'] });
  const group = invitation.group;
  const open = invitation.status === 'pending' && !invitation.expired;
  const answered = decline.data ?? accept.data;

  const goSignIn = (auth: AuthMode) => {
    const state: AuthRedirectState = { auth, from: `${location.pathname}${location.search}` };
    void navigate('/', { state });
  };

  return (
    <>
      <div className="space-y-2 text-center">
        <p className="text-sm font-medium text-primary-strong">
          {t('community.invitation.invitedBy', { name: invitation.invited_by_name })}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" data-testid="invitation-group-name">
          {group.name}
        </h1>
        <div className="flex flex-wrap justify-center gap-2">
          <Badge tone="neutral">{STUDY_GROUP_CATEGORY_LABELS[group.category]}</Badge>
          <Badge tone={group.privacy === 'private' ? 'warning' : 'success'}>{t(`community.privacy.${group.privacy}`)}</Badge>
          <Badge tone="neutral">{t('community.groups.memberCount', { count: group.member_count, max: group.max_members })}</Badge>
        </div>
      </div>
      <p className="break-words text-slate-700">{group.description}</p>
      {invitation.message && (
        <blockquote
          className="rounded-xl border-l-4 border-primary bg-primary-soft/40 px-4 py-3 text-sm break-words text-slate-800"
          data-testid="invitation-message"
        >
          {invitation.message}
        </blockquote>
      )}

      {answered ? (
        <Alert tone="success" data-testid="invitation-answered-now">
          {answered.message}
        </Alert>
      ) : invitation.status !== 'pending' ? (
        <Alert tone="info" data-testid="invitation-already-answered">
          {t(invitation.status === 'accepted' ? 'community.invitation.alreadyAccepted' : 'community.invitation.alreadyDeclined')}
        </Alert>
      ) : invitation.expired ? (
        <Alert tone="error" data-testid="invitation-expired">
          {t('community.invitation.expired', { date: formatDateTime(invitation.expires_at) })}
        </Alert>
      ) : signedIn ? (
        <div className="space-y-3">
          <p className="text-center text-sm text-slate-600">
            {t('community.invitation.expiresOn', { date: formatDateTime(invitation.expires_at) })}
          </p>
          {(accept.isError || decline.isError) && (
            <Alert tone="error" data-testid="invitation-error">
              {t('community.invitation.answerFailed', { detail: detailOrMessage(accept.error ?? decline.error) })}
            </Alert>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button
              loading={accept.isPending}
              disabled={decline.isPending}
              data-testid="invitation-accept"
              onClick={() =>
                accept.mutate(
                  { params: { token } },
                  {
                    onSuccess: (answer) => {
                      toast({ title: answer.message, tone: 'success' });
                      void navigate(`/community/groups/${answer.group_id}`);
                    },
                  },
                )
              }
            >
              {t('community.invitation.accept')}
            </Button>
            <Button
              variant="outline"
              loading={decline.isPending}
              disabled={accept.isPending}
              data-testid="invitation-decline"
              onClick={() => decline.mutate({ params: { token } })}
            >
              {t('community.invitation.decline')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3 text-center">
          <p className="text-slate-700">{t('community.invitation.signInFirst', { email: invitation.email })}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button onClick={() => goSignIn('login')} data-testid="invitation-sign-in">
              {t('community.invitation.signIn')}
            </Button>
            <Button variant="outline" onClick={() => goSignIn('register')} data-testid="invitation-register">
              {t('community.invitation.register')}
            </Button>
          </div>
        </div>
      )}
      {!open && !answered && (
        <div className="text-center">
          <Button asChild variant="link">
            <Link to={signedIn ? '/community' : '/'}>
              {t(signedIn ? 'community.invitation.toCommunity' : 'community.invitation.toHome')}
            </Link>
          </Button>
        </div>
      )}
    </>
  );
}
