import { institutionRoutes, type Institution, type RouteOutput } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
} from '../../../ui';
import { LoadFailed, Loading } from './parts';
import type { Subsidiary } from './subsidiary-dialog';

type Resources = RouteOutput<typeof institutionRoutes.unassignedResources>;
type ResourceType = 'course' | 'student' | 'faculty';
const SECTIONS: readonly { type: ResourceType; field: keyof Resources }[] = [
  { type: 'course', field: 'courses' },
  { type: 'student', field: 'students' },
  { type: 'faculty', field: 'faculty' },
];

interface Item {
  id: string;
  label: string;
  detail: string | null;
}

function itemsOf(resources: Resources, field: keyof Resources, enrollments: (n: number) => string): Item[] {
  if (field === 'courses') return resources.courses.map((c) => ({ id: c.id, label: c.title, detail: enrollments(c.enrollment_count) }));
  return resources[field].map((p) => ({ id: p.member_id, label: p.name, detail: p.email }));
}

/** Spec 2 "subsidiary resource management": assign and unassign courses, students, faculty. */
export function ResourcesDialog({
  institution,
  subsidiary,
  onClose,
  readonly,
}: {
  institution: Institution;
  subsidiary: Subsidiary | null;
  onClose: () => void;
  readonly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={subsidiary !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" data-testid="resources-dialog">
        {subsidiary && (
          <>
            <DialogHeader>
              <DialogTitle>{t('institutionNetwork.subsidiaries.resourcesDialog.title', { name: subsidiary.name })}</DialogTitle>
              <DialogDescription>{t('institutionNetwork.subsidiaries.resourcesDialog.description')}</DialogDescription>
            </DialogHeader>
            <ResourcesBody institution={institution} subsidiary={subsidiary} readonly={readonly} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ResourcesBody({ institution, subsidiary, readonly }: { institution: Institution; subsidiary: Subsidiary; readonly: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const assigned = useRouteQuery(institutionRoutes.subsidiaryResources, { params: { id: institution.id, subId: subsidiary.id } });
  const unassigned = useRouteQuery(institutionRoutes.unassignedResources, { params: { id: institution.id } });
  const [busy, setBusy] = useState<string | null>(null);
  const assign = useRouteMutation(institutionRoutes.assignResources, {
    invalidates: [
      institutionRoutes.subsidiaryResources,
      institutionRoutes.unassignedResources,
      institutionRoutes.listSubsidiaries,
      institutionRoutes.orgChart,
      institutionRoutes.hierarchy,
    ],
  });
  const enrollments = (n: number) => t('institutionNetwork.subsidiaries.resourcesDialog.enrollments', { count: n });

  const run = (type: ResourceType, id: string, action: 'assign' | 'unassign') => {
    setBusy(`${action}-${id}`);
    assign.mutate(
      { params: { id: institution.id }, body: { resource_type: type, resource_ids: [id], subsidiary_id: subsidiary.id, action } },
      {
        onSuccess: (reply) => toast({ title: reply.message, tone: 'success' }),
        onError: (error) =>
          toast({
            title: t(
              action === 'assign'
                ? 'institutionNetwork.subsidiaries.resourcesDialog.assignFailed'
                : 'institutionNetwork.subsidiaries.resourcesDialog.unassignFailed',
              {
                type: t(`institutionNetwork.subsidiaries.resourcesDialog.typeNames.${type}`),
                detail: detailOrMessage(error),
              },
            ),
            tone: 'error',
          }),
        onSettled: () => setBusy(null),
      },
    );
  };

  if (assigned.isPending || unassigned.isPending) return <Loading />;
  if (assigned.isError) return <LoadFailed error={assigned.error} onRetry={() => void assigned.refetch()} />;
  if (unassigned.isError) return <LoadFailed error={unassigned.error} onRetry={() => void unassigned.refetch()} />;

  return (
    <Tabs defaultValue="course">
      <TabsList>
        {SECTIONS.map(({ type, field }) => (
          <TabsTrigger key={type} value={type} data-testid={`resources-tab-${type}`}>
            {t(`institutionNetwork.subsidiaries.resourcesDialog.types.${type}`)} ({assigned.data[field].length})
          </TabsTrigger>
        ))}
      </TabsList>
      {SECTIONS.map(({ type, field }) => (
        <TabsContent key={type} value={type} className="grid gap-4 pt-4 md:grid-cols-2">
          <ResourceList
            title={t('institutionNetwork.subsidiaries.resourcesDialog.assigned')}
            items={itemsOf(assigned.data, field, enrollments)}
            actionLabel={t('institutionNetwork.subsidiaries.resourcesDialog.unassign')}
            onAction={readonly ? null : (id) => run(type, id, 'unassign')}
            busy={busy}
            action="unassign"
            testId={`resources-assigned-${type}`}
          />
          <ResourceList
            title={t('institutionNetwork.subsidiaries.resourcesDialog.unassigned')}
            items={itemsOf(unassigned.data, field, enrollments)}
            actionLabel={t('institutionNetwork.subsidiaries.resourcesDialog.assign')}
            onAction={readonly ? null : (id) => run(type, id, 'assign')}
            busy={busy}
            action="assign"
            testId={`resources-unassigned-${type}`}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function ResourceList({
  title,
  items,
  actionLabel,
  onAction,
  busy,
  action,
  testId,
}: {
  title: string;
  items: Item[];
  actionLabel: string;
  onAction: ((id: string) => void) | null;
  busy: string | null;
  action: 'assign' | 'unassign';
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 p-3" data-testid={testId}>
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('institutionNetwork.subsidiaries.resourcesDialog.none')}</p>
      ) : (
        <ul className="max-h-72 divide-y divide-slate-200 overflow-y-auto">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-center justify-between gap-2 py-2"
              data-testid="resource-row"
              data-resource-id={item.id}
            >
              <span className="min-w-0">
                <span className="block text-sm font-medium break-words text-slate-900">{item.label}</span>
                {item.detail && <span className="block text-xs break-words text-slate-600">{item.detail}</span>}
              </span>
              {onAction && (
                <Button
                  size="sm"
                  variant={action === 'assign' ? 'outline' : 'ghost'}
                  loading={busy === `${action}-${item.id}`}
                  disabled={busy !== null}
                  onClick={() => onAction(item.id)}
                  aria-label={`${actionLabel}: ${item.label}`}
                  data-testid={`resource-${action}-${item.id}`}
                >
                  {actionLabel}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
