import { skipToken, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { PageTitle } from '../PageTitle';
import { ReportSection } from '../ReportSection';
import { ReportExports } from './ReportExports';
import { ReportFigures } from './ReportFigures';
import { ReportFilter } from './ReportFilter';
import { initialValues } from './reportState';
import type { ReportContext, ReportDecl, ReportSectionDecl, ReportValues } from './types';
import { useReport } from './useReport';

export const AVANT_CHARGER = 'Choisissez la période et les filtres, puis « Charger ».';

/**
 * A report screen from its declaration (README.md): title with the exports, the filter (period, extra
 * filters, « Charger »; kept in the address), then, once loaded, the summary row and the sections.
 */
export function ReportScreen<D>({
  decl,
  defaults,
  extra,
  idle,
  heading = true,
}: {
  decl: ReportDecl<D>;
  /** The screen's own first values (a device, the superadmin's company…). */
  defaults?: ReportValues;
  /** More buttons beside the exports (« Ajouter une opération diverse »). */
  extra?: ReactNode;
  /** What shows before the report is loaded; default `AVANT_CHARGER`. */
  idle?: ReactNode;
  /** `false` inside a page that has its title already (a tab): the exports and `extra` stand alone. */
  heading?: boolean;
}) {
  const report = useReport(decl, defaults);
  const values = report.applied;
  const options: UseQueryOptions<D, Error, D, readonly unknown[]> =
    decl.query && values ? decl.query(values) : { queryKey: ['rapport', 'en-attente'], queryFn: skipToken };
  const result = useQuery(options);
  const ctx: ReportContext<D> = {
    data: result.data,
    values: values ?? {},
    loading: result.isLoading,
    fetching: result.isFetching,
  };
  const actions = (decl.exports || extra) && (
    <>
      {decl.exports && <ReportExports decl={decl.exports} values={values} />}
      {extra}
    </>
  );
  const section = (s: ReportSectionDecl<D>, titled = true) =>
    s.own ? (
      <div key={s.key}>{s.render(ctx)}</div>
    ) : (
      <ReportSection
        key={s.key}
        label={s.label}
        title={titled ? (s.title ? s.title(ctx) : s.label) : null}
        actions={s.actions?.(ctx)}
      >
        {s.render(ctx)}
      </ReportSection>
    );

  return (
    <section aria-label={decl.title} style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {heading ? (
        <PageTitle title={decl.title} extra={actions} />
      ) : (
        actions && (
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginBottom: 8 }}>
            {actions}
          </div>
        )
      )}
      <ReportFilter
        decl={decl}
        initial={values ?? initialValues(decl, defaults)}
        chosen={report.chosen}
        onApply={report.apply}
        onReset={report.reset}
      />
      {!values ? (
        (idle ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={AVANT_CHARGER} />)
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
          {result.isError && <Alert type="warning" showIcon message="Le rapport n'a pas pu être chargé." />}
          {decl.summary && result.data !== undefined && (
            <ReportFigures figures={decl.summary({ ...ctx, data: result.data })} />
          )}
          {decl.tabs ? (
            <Tabs
              items={decl.sections.map((s) => ({
                key: s.key,
                label: s.label,
                children: section(s, Boolean(s.title)),
              }))}
            />
          ) : (
            decl.sections.map((s) => section(s))
          )}
        </div>
      )}
    </section>
  );
}
