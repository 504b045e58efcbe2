import { institutionRoutes, MEMBERS_LIST_MAX, type Institution, type Member } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  FormField,
  Input,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  useToast,
} from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { canEdit, filterMembers, MEMBER_STATUS_FILTERS, memberErrorDetail, type MemberStatusFilter } from '../logic';
import { ReadonlyNote, TabHeading } from '../parts';
import { AddMemberDialog, MEMBER_CHANGES, MemberNotesDialog } from './member-dialogs';
import { InvitationsPanel } from './invitations-panel';

type Pending = { kind: 'status'; member: Member } | { kind: 'remove'; member: Member };

/**
 * Spec 3 members panel, for students or faculty: GET .../members?member_type=&limit=1000, a
 * status filter and a search by name or e-mail, the table (name, e-mail, role, status, added,
 * actions), Add Member, Edit Member (notes), suspend/activate and remove, each confirmed first.
 */
export function MembersTab({ institution, memberType }: { institution: Institution; memberType: 'student' | 'faculty' }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDate = useFormatDate();
  const editable = canEdit(institution);
  const members = useRouteQuery(institutionRoutes.listMembers, {
    params: { id: institution.id },
    query: { member_type: memberType, limit: MEMBERS_LIST_MAX },
  });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MemberStatusFilter>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const setStatusOf = useRouteMutation(institutionRoutes.memberStatus, { invalidates: MEMBER_CHANGES });
  const remove = useRouteMutation(institutionRoutes.removeMember, { invalidates: MEMBER_CHANGES });
  const prefix = `members-${memberType}`;

  const confirm = () => {
    if (!pending) return;
    const { member } = pending;
    const params = { id: institution.id, memberId: member.id };
    if (pending.kind === 'status') {
      const suspending = !member.is_suspended;
      setStatusOf.mutate(
        { params, body: { is_suspended: suspending } },
        {
          onSuccess: () => {
            toast({
              title: t(suspending ? 'institution.members.suspended' : 'institution.members.activated', { name: member.user.name }),
              tone: 'success',
            });
            setPending(null);
          },
          onError: (error) => {
            toast({
              title: t(suspending ? 'institution.members.suspendFailed' : 'institution.members.activateFailed'),
              description: memberErrorDetail(error) ?? undefined,
              tone: 'error',
            });
            setPending(null);
          },
        },
      );
    } else {
      remove.mutate(
        { params },
        {
          onSuccess: () => {
            toast({ title: t('institution.members.removed', { name: member.user.name }), tone: 'success' });
            setPending(null);
          },
          onError: (error) => {
            toast({ title: t('institution.members.removeFailed'), description: memberErrorDetail(error) ?? undefined, tone: 'error' });
            setPending(null);
          },
        },
      );
    }
  };

  const list = members.data?.members ?? [];
  const shown = filterMembers(list, search, status);
  const title = t(`institution.members.heading.${memberType}`);

  return (
    <section aria-labelledby={`${prefix}-heading`} className="space-y-4" data-testid={`institution-${prefix}`}>
      <TabHeading
        id={`${prefix}-heading`}
        title={title}
        subtitle={members.data ? t('institution.members.count', { count: members.data.total }) : undefined}
        actions={
          editable && (
            <Button onClick={() => setAdding(true)} data-testid={`${prefix}-add`}>
              {t('institution.members.add')}
            </Button>
          )
        }
      />
      <ReadonlyNote institution={institution} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label={t('institution.members.search')} className="sm:flex-1">
          {(field) => (
            <Input
              {...field}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('institution.members.searchPlaceholder')}
              data-testid={`${prefix}-search`}
            />
          )}
        </FormField>
        <FormField label={t('institution.members.statusFilter')} className="sm:w-48">
          {(field) => (
            <Select
              {...field}
              value={status}
              onChange={(e) => setStatus(e.target.value as MemberStatusFilter)}
              data-testid={`${prefix}-status-filter`}
            >
              {MEMBER_STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t(`institution.members.filters.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      {members.isPending ? (
        <LoadingBlock />
      ) : members.isError ? (
        <LoadError error={members.error} title={t('institution.members.loadFailed')} onRetry={() => void members.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          title={t(`institution.members.empty.${memberType}`)}
          description={t('institution.members.emptyBody')}
        />
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid={`${prefix}-no-match`}>
          {t('institution.members.noMatch')}
        </p>
      ) : (
        <Table data-testid={`${prefix}-table`} aria-busy={members.isFetching || undefined}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('institution.members.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('institution.members.columns.email')}</TableHeaderCell>
              <TableHeaderCell>{t('institution.members.columns.role')}</TableHeaderCell>
              <TableHeaderCell>{t('institution.members.columns.status')}</TableHeaderCell>
              <TableHeaderCell>{t('institution.members.columns.added')}</TableHeaderCell>
              {editable && <TableHeaderCell>{t('institution.members.columns.actions')}</TableHeaderCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((member) => (
              <TableRow
                key={member.id}
                data-testid="member-row"
                data-member-id={member.id}
                data-email={member.user.email ?? ''}
                data-suspended={String(member.is_suspended)}
              >
                <TableCell className="font-medium text-slate-900">
                  {member.user.name}
                  {member.notes && <span className="block text-xs font-normal text-slate-600">{member.notes}</span>}
                </TableCell>
                <TableCell>{member.user.email ?? '\u2014'}</TableCell>
                <TableCell>{t(`institution.members.types.${member.member_type}`)}</TableCell>
                <TableCell>
                  <Badge tone={member.is_suspended ? 'danger' : 'success'} data-testid="member-status">
                    {t(member.is_suspended ? 'institution.members.status.suspended' : 'institution.members.status.active')}
                  </Badge>
                </TableCell>
                <TableCell>{formatDate(member.added_at)}</TableCell>
                {editable && (
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setEditing(member)}
                        data-testid="member-edit"
                        aria-label={t('institution.members.editLabel', { name: member.user.name })}
                      >
                        {t('institution.members.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setPending({ kind: 'status', member })}
                        data-testid="member-toggle-status"
                        aria-label={t(member.is_suspended ? 'institution.members.activateLabel' : 'institution.members.suspendLabel', {
                          name: member.user.name,
                        })}
                      >
                        {t(member.is_suspended ? 'institution.members.activate' : 'institution.members.suspend')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700 hover:bg-red-50"
                        onClick={() => setPending({ kind: 'remove', member })}
                        data-testid="member-remove"
                        aria-label={t('institution.members.removeLabel', { name: member.user.name })}
                      >
                        {t('institution.members.remove')}
                      </Button>
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <InvitationsPanel institution={institution} memberType={memberType} />
      {adding && <AddMemberDialog institution={institution} memberType={memberType} onClose={() => setAdding(false)} />}
      {editing && <MemberNotesDialog institution={institution} member={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.kind === 'remove'
            ? t('institution.members.removeTitle')
            : pending?.member.is_suspended
              ? t('institution.members.activateTitle')
              : t('institution.members.suspendTitle')
        }
        description={
          pending
            ? pending.kind === 'remove'
              ? t('institution.members.removeConfirm', { name: pending.member.user.name })
              : pending.member.is_suspended
                ? t('institution.members.activateConfirm', { name: pending.member.user.name })
                : t('institution.members.suspendConfirm', { name: pending.member.user.name })
            : ''
        }
        confirmLabel={
          pending?.kind === 'remove'
            ? t('institution.members.remove')
            : pending?.member.is_suspended
              ? t('institution.members.activate')
              : t('institution.members.suspend')
        }
        destructive={pending?.kind === 'remove' || (pending?.kind === 'status' && !pending.member.is_suspended)}
        pending={setStatusOf.isPending || remove.isPending}
        onConfirm={confirm}
        testId="member-confirm"
      />
    </section>
  );
}
