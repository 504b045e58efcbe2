import { institutionRoutes, type Institution, type InstitutionInvitation } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, Button, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, useToast } from '../../../ui';
import { canEdit } from '../logic';
import { MEMBER_CHANGES } from './member-dialogs';

const OPEN: ReadonlySet<InstitutionInvitation['status']> = new Set(['held', 'pending']);

/**
 * The invitations of the members tab's type (issue 24, item 3): people are invited, never
 * added, so the admin sees who has not answered yet (held until the institution is verified,
 * waiting, expired) and may withdraw an open one. Answered ones are left to the members list.
 */
export function InvitationsPanel({ institution, memberType }: { institution: Institution; memberType: 'student' | 'faculty' }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDate = useFormatDate();
  const list = useRouteQuery(institutionRoutes.listInvitations, { params: { id: institution.id } });
  const withdraw = useRouteMutation(institutionRoutes.revokeInvitation, { invalidates: MEMBER_CHANGES });
  const rows = (list.data?.invitations ?? []).filter((i) => i.member_type === memberType && (OPEN.has(i.status) || i.status === 'expired'));
  const readonly = !canEdit(institution);
  if (!rows.length) return null;
  return (
    <section aria-labelledby={`invitations-${memberType}`} className="mt-6 space-y-2" data-testid={`invitations-${memberType}`}>
      <h3 id={`invitations-${memberType}`} className="text-sm font-semibold text-slate-900">
        {t('institution.consent.pendingTitle')}
      </h3>
      <Table>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t('institution.members.columns.email')}</TableHeaderCell>
            <TableHeaderCell>{t('institution.members.columns.status')}</TableHeaderCell>
            <TableHeaderCell>{t('institution.members.columns.added')}</TableHeaderCell>
            {!readonly && <TableHeaderCell>{t('institution.members.columns.actions')}</TableHeaderCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((i) => (
            <TableRow key={i.id} data-testid="invitation-row">
              <TableCell>{i.name ? `${i.name} <${i.email}>` : i.email}</TableCell>
              <TableCell>
                <Badge tone={i.status === 'expired' ? 'neutral' : 'warning'}>{t(`institution.consent.status.${i.status}`)}</Badge>
              </TableCell>
              <TableCell>{formatDate(i.invited_at)}</TableCell>
              {!readonly && (
                <TableCell>
                  {OPEN.has(i.status) && (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('institution.consent.withdrawLabel', { email: i.email })}
                      loading={withdraw.isPending && withdraw.variables?.params.invitationId === i.id}
                      onClick={() =>
                        withdraw.mutate(
                          { params: { id: institution.id, invitationId: i.id } },
                          { onError: (e) => toast({ title: detailOr(e, t('institution.consent.failed')), tone: 'error' }) },
                        )
                      }
                    >
                      {t('institution.consent.withdraw')}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
