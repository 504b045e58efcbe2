import { identityRoutes, ROLES, type Role } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import {
  Badge,
  Button,
  ConfirmDialog,
  FormField,
  Input,
  Pager,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  useToast,
} from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { useDebounced } from '../../lib/use-debounced';
import { useAdminLoadErrorToast } from './admin-load-errors';
import { CreateUserDialog } from './create-user-dialog';

const PAGE_SIZE = 100;

interface Deleting {
  id: string;
  name: string;
}

/** Spec 3 admin Users: the list, create (learner, instructor, mentor, institution), delete with a confirmation; admins have no delete. */
export function UsersTab() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDate = useFormatDate();
  const detailOrMessage = useDetailOrMessage();
  const [role, setRole] = useState<Role | ''>('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const debounced = useDebounced(search.trim());
  const users = useRouteQuery(
    identityRoutes.adminListUsers,
    { query: { limit: PAGE_SIZE, offset, ...(role ? { role } : {}), ...(debounced ? { search: debounced } : {}) } },
    { placeholderData: keepPreviousData },
  );
  useAdminLoadErrorToast(users.error);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const remove = useRouteMutation(identityRoutes.adminDeleteUser, {
    invalidates: ['identity.admin.'],
    onSuccess: () => toast({ title: t('adminDashboard.users.deleted'), tone: 'success' }),
    onError: (error) => toast({ title: t('adminDashboard.users.deleteFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
    onSettled: () => setDeleting(null),
  });
  const total = users.data?.total ?? 0;

  return (
    <div className="space-y-4" data-testid="admin-users">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label={t('adminDashboard.users.search')} className="flex-1">
          {(field) => (
            <Input
              {...field}
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setOffset(0);
              }}
              data-testid="admin-user-search"
            />
          )}
        </FormField>
        <FormField label={t('adminDashboard.users.role')} className="sm:w-48">
          {(field) => (
            <Select
              {...field}
              value={role}
              onChange={(e) => {
                setRole(e.target.value as Role | '');
                setOffset(0);
              }}
              data-testid="admin-user-role-filter"
            >
              <option value="">{t('adminDashboard.users.allRoles')}</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button onClick={() => setCreating(true)} data-testid="admin-create-user">
          {t('adminDashboard.users.createButton')}
        </Button>
      </div>

      {users.isPending ? (
        <LoadingBlock />
      ) : users.isError ? (
        <LoadError error={users.error} title={t('adminDashboard.errors.loadFailed')} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="admin-users-empty">
          {t('adminDashboard.users.empty')}
        </p>
      ) : (
        <>
          <Table data-testid="admin-users-table" aria-busy={users.isFetching || undefined}>
            <TableHead>
              <tr>
                <TableHeaderCell>{t('adminDashboard.users.name')}</TableHeaderCell>
                <TableHeaderCell>{t('adminDashboard.users.email')}</TableHeaderCell>
                <TableHeaderCell>{t('adminDashboard.users.role')}</TableHeaderCell>
                <TableHeaderCell>{t('adminDashboard.users.joined')}</TableHeaderCell>
                <TableHeaderCell>
                  <span className="sr-only">{t('adminDashboard.users.actions')}</span>
                </TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {users.data.users.map((u) => (
                <TableRow key={u.id} data-testid="admin-user-row" data-user-id={u.id} data-role={u.role}>
                  <TableCell className="font-medium">
                    {u.name}
                    {u.status === 'pending_deletion' && (
                      <Badge tone="warning" className="ml-2">
                        {t('adminDashboard.users.pendingDeletion')}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="break-all">{u.email ?? u.phone ?? '—'}</TableCell>
                  <TableCell>
                    <Badge tone={u.role === 'admin' ? 'primary' : 'neutral'}>{t(`roles.${u.role}`)}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(u.created_at)}</TableCell>
                  <TableCell className="text-right">
                    {u.role !== 'admin' && u.status === 'active' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700 hover:bg-red-50"
                        onClick={() => setDeleting({ id: u.id, name: u.name })}
                        data-testid={`delete-user-${u.id}`}
                      >
                        {t('adminDashboard.users.delete')}
                        <span className="sr-only"> {u.name}</span>
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {total > PAGE_SIZE && (
            <Pager offset={offset} pageSize={PAGE_SIZE} total={total} onOffset={setOffset} label={t('adminDashboard.users.paging')} />
          )}
        </>
      )}

      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('adminDashboard.users.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('adminDashboard.users.deleteConfirm')}
        confirmLabel={t('adminDashboard.users.delete')}
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
        destructive
        testId="delete-user-dialog"
      />
    </div>
  );
}
