import { institutionRoutes, type Institution, type RouteOutput } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import { Badge, Button, ConfirmDialog, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, useToast } from '../../../ui';
import { ApiUsage, CreateApiKeyDialog, CreatedApiKeyDialog, type CreatedApiKey } from '../network/api-key-dialogs';
import { apiKeyStatus, canEdit } from '../network/logic';
import { Empty, FailedAlert, LoadFailed, Loading, ReadonlyNotice, TabHeader } from '../network/parts';

type ApiKey = RouteOutput<typeof institutionRoutes.listApiKeys>['api_keys'][number];
const STATUS_TONE = { active: 'success', revoked: 'danger', expired: 'neutral' } as const;

/**
 * Spec 3 Institution, API keys: the keys with their usage (GET /institutions/{id}/api-keys),
 * Create API Key and its one-time display, Revoke with its confirmation, and how to call the API.
 */
export function ApiKeysTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDateTime = useFormatDateTime();
  const editable = canEdit(institution);
  const list = useRouteQuery(institutionRoutes.listApiKeys, { params: { id: institution.id } });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRouteMutation(institutionRoutes.revokeApiKey, { invalidates: [institutionRoutes.listApiKeys] });

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { params: { id: institution.id, keyId: revoking.id } },
      {
        onSuccess: () => {
          toast({ title: t('institutionNetwork.apiKeys.revoked'), tone: 'success' });
          setRevoking(null);
        },
        onError: () => setRevoking(null),
      },
    );
  };

  return (
    <section aria-labelledby="api-keys-heading" className="space-y-5" data-testid="api-keys-tab">
      <TabHeader
        id="api-keys-heading"
        title={t('institutionNetwork.apiKeys.heading')}
        description={t('institutionNetwork.apiKeys.description')}
        action={
          editable && (
            <Button onClick={() => setCreating(true)} data-testid="api-key-create">
              {t('institutionNetwork.apiKeys.create')}
            </Button>
          )
        }
      />
      {!editable && <ReadonlyNotice />}
      {revoke.isError && (
        <FailedAlert title={t('institutionNetwork.apiKeys.revokeFailed')} error={revoke.error} testId="api-key-revoke-error" />
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} testId="api-keys-load-error" />
      ) : list.data.api_keys.length === 0 ? (
        <Empty title={t('institutionNetwork.apiKeys.empty')} testId="api-keys-empty" />
      ) : (
        <Table data-testid="api-keys-table">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.prefix')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.permissions')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.rateLimit')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('institutionNetwork.apiKeys.columns.calls')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.lastUsed')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.expires')}</TableHeaderCell>
              <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.status')}</TableHeaderCell>
              {editable && <TableHeaderCell>{t('institutionNetwork.apiKeys.columns.actions')}</TableHeaderCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.api_keys.map((key) => {
              const status = apiKeyStatus(key);
              return (
                <TableRow key={key.id} data-testid={`api-key-row-${key.id}`}>
                  <TableCell className="font-medium text-slate-900" data-testid="api-key-name">
                    {key.key_name}
                  </TableCell>
                  <TableCell>
                    <code className="font-mono text-xs" data-testid="api-key-prefix">
                      {key.key_prefix}…
                    </code>
                  </TableCell>
                  <TableCell>
                    <ul className="flex max-w-xs flex-wrap gap-1">
                      {key.permissions.map((p) => (
                        <li key={p}>
                          <Badge tone="neutral">{p}</Badge>
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {t('institutionNetwork.apiKeys.perMinute', { count: key.rate_limit_per_minute })}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="api-key-calls">
                    {key.total_calls}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {key.last_used_at ? formatDateTime(key.last_used_at) : t('institutionNetwork.apiKeys.neverUsed')}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {key.expires_at ? formatDateTime(key.expires_at) : t('institutionNetwork.apiKeys.never')}
                  </TableCell>
                  <TableCell>
                    <Badge tone={STATUS_TONE[status]} data-testid="api-key-status">
                      {t(`institutionNetwork.apiKeys.status.${status}`)}
                    </Badge>
                  </TableCell>
                  {editable && (
                    <TableCell>
                      {key.is_active && (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700"
                          onClick={() => setRevoking(key)}
                          aria-label={t('institutionNetwork.apiKeys.revokeLabel', { name: key.key_name })}
                          data-testid={`api-key-revoke-${key.id}`}
                        >
                          {t('institutionNetwork.apiKeys.revoke')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <ApiUsage apiKey="<key>" />
      {editable && (
        <CreateApiKeyDialog
          institution={institution}
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      <CreatedApiKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('institutionNetwork.apiKeys.revokeTitle')}
        description={t('institutionNetwork.apiKeys.revokeConfirm')}
        confirmLabel={t('institutionNetwork.apiKeys.revoke')}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
        destructive
        testId="api-key-revoke-dialog"
      />
    </section>
  );
}
