import { institutionRoutes, type HierarchyNode, type Institution } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { Badge, cn, focusRing } from '../../../ui';
import { initiallyOpen } from './logic';
import { LoadFailed, Loading } from './parts';

/** Spec 2: the organizational chart, nodes expand and collapse, the first two levels open. */
export function OrgChart({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const chart = useRouteQuery(institutionRoutes.orgChart, { params: { id: institution.id } });
  return (
    <section aria-labelledby="org-chart-heading" className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="org-chart">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="org-chart-heading" className="font-semibold text-slate-900">
          {t('institutionNetwork.subsidiaries.chart.heading')}
        </h3>
        {chart.data && (
          <p className="text-sm text-slate-600" data-testid="org-chart-summary">
            {t('institutionNetwork.subsidiaries.chart.summary', {
              organizations: chart.data.total_organizations,
              levels: chart.data.total_levels,
            })}
          </p>
        )}
      </div>
      {chart.isPending ? (
        <Loading />
      ) : chart.isError ? (
        <LoadFailed error={chart.error} onRetry={() => void chart.refetch()} />
      ) : (
        // keyed by the root so a new chart opens its first two levels again
        <Tree key={chart.data.org_chart.id} root={chart.data.org_chart} currentId={chart.data.current_institution_id} />
      )}
    </section>
  );
}

function Tree({ root, currentId }: { root: HierarchyNode; currentId: string }) {
  const [open, setOpen] = useState(() => initiallyOpen(root));
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <ul role="tree" className="space-y-1">
      <Node node={root} depth={0} open={open} toggle={toggle} currentId={currentId} />
    </ul>
  );
}

function Node({
  node,
  depth,
  open,
  toggle,
  currentId,
}: {
  node: HierarchyNode;
  depth: number;
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
  currentId: string;
}) {
  const { t } = useTranslation();
  const hasChildren = node.children.length > 0;
  const expanded = hasChildren && open.has(node.id);
  const current = node.id === currentId;
  return (
    <li
      role="treeitem"
      aria-expanded={hasChildren ? expanded : undefined}
      aria-level={depth + 1}
      data-testid={`org-node-${node.id}`}
      data-open={expanded}
    >
      <div
        className={cn('flex items-start gap-2 rounded-lg p-2', current ? 'bg-primary-soft' : 'hover:bg-slate-50')}
        style={{ marginLeft: `${depth * 1.25}rem` }}
      >
        {hasChildren ? (
          <button
            type="button"
            onClick={() => toggle(node.id)}
            className={cn('inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-700 hover:bg-slate-200', focusRing)}
            aria-label={
              expanded
                ? t('institutionNetwork.subsidiaries.chart.collapse', { name: node.name })
                : t('institutionNetwork.subsidiaries.chart.expand', { name: node.name })
            }
            data-testid={`org-node-toggle-${node.id}`}
          >
            <svg
              viewBox="0 0 24 24"
              className={cn('size-4 transition-transform', expanded && 'rotate-90')}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M9 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : (
          <span className="size-6 shrink-0" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words text-slate-900">{node.name}</span>
            <Badge tone="neutral">{node.level_name ?? t(`institutionNetwork.levelTypes.${node.level_type}`)}</Badge>
            <Badge tone="primary">{t('institutionNetwork.subsidiaries.levelValue', { level: node.organizational_level })}</Badge>
            {current && <Badge tone="success">{t('institutionNetwork.subsidiaries.chart.current')}</Badge>}
          </div>
          <p className="text-xs text-slate-600">
            {t('institutionNetwork.subsidiaries.chart.figures', {
              students: node.total_students,
              faculty: node.total_faculty,
              courses: node.total_courses,
            })}
          </p>
        </div>
      </div>
      {expanded && (
        <ul role="group" className="space-y-1">
          {node.children.map((child) => (
            <Node key={child.id} node={child} depth={depth + 1} open={open} toggle={toggle} currentId={currentId} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The institutions from the top the caller may see down to this one. */
export function HierarchyPath({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const path = useRouteQuery(institutionRoutes.hierarchyPath, { params: { id: institution.id } });
  if (!path.data || path.data.hierarchy_path.length === 0) return null;
  return (
    <nav aria-label={t('institutionNetwork.subsidiaries.path')} data-testid="hierarchy-path">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {path.data.hierarchy_path.map((step, i) => (
          <li key={step.id} className="flex items-center gap-1" data-testid={`hierarchy-step-${step.id}`}>
            {i > 0 && <span aria-hidden="true">›</span>}
            <span className={cn(step.is_current && 'font-semibold text-slate-900')} aria-current={step.is_current ? 'location' : undefined}>
              {step.name}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
