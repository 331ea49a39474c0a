import { AppstoreOutlined, DeleteOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { MSG, PAGE_SIZE } from '@yams/shared';
import { Alert, Button, Popconfirm, Segmented } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { ExportButton } from '../export/ExportButton';
import { ImportButton } from '../import/ImportButton';
import { PageTitle } from '../PageTitle';
import { DetailDialog } from './DetailDialog';
import { FilterPanel } from './FilterPanel';
import { exportFields } from './fields';
import { ListCards, ListTable, TOTAL_ESTIME } from './ListBody';
import { useResourcePage, useResourcePost } from './resource';
import { useTenantDecl } from './tenant';
import type { ListDecl, Row } from './types';
import { useCreatedRows, withCreated } from './useCreatedRows';
import { useFilterState, usePagingState, useSortState, useViewMode } from './useListState';
import { useRecordDialog } from './useOpenFromUrl';
import { sortField } from './values';

/**
 * A list screen from its declaration: title with the total, table/card toggle remembered per page,
 * 'Ajouter', filter panel, server paging, row click → detail dialog, group delete, export.
 * See `README.md` beside this file.
 */
export function ListScreen<T extends Row>({ decl: declared }: { decl: ListDecl<T> }) {
  const decl = useTenantDecl(declared);
  const filters = decl.filters ?? [];
  const { values, apply } = useFilterState(filters);
  const [view, setView] = useViewMode();
  const defaultSize = decl.pageSize ?? PAGE_SIZE.default;
  const sizes = useMemo(() => [...new Set([defaultSize, 12, 24, 48])].sort((a, b) => a - b), [defaultSize]);
  const [paging, setPaging] = usePagingState(defaultSize, sizes);
  // The open record is in the URL (`?id=`): reload, share, Back closes it.
  const record = useRecordDialog<T>();
  const [selected, setSelected] = useState<Key[]>([]);
  const groupPost = useResourcePost(decl.resource, decl.invalidates);
  const sortable = useMemo(
    () => decl.fields.map(sortField).filter((f): f is string => f !== undefined),
    [decl.fields],
  );
  const [sort, setSort] = useSortState(sortable);

  // The export follows the same filters and order as the screen.
  const filterQuery = useMemo(() => ({ ...decl.baseQuery, ...values, sort }), [decl.baseQuery, values, sort]);
  const query = { ...filterQuery, page: paging.page, per_page: paging.pageSize };
  const list = useResourcePage(decl.resource, query);
  const page = list.data;
  // A row created here is shown at once, on top of this very list, marked as added (useCreatedRows).
  const created = useCreatedRows(decl.resource, JSON.stringify(query));
  const added = useMemo(() => new Set(created.rows.map((r) => r.id)), [created.rows]);

  const applyFilters = (next: typeof values) => {
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
    apply(next);
  };
  // A page past the end (rows deleted since, a stale link) shows the last one.
  const lastPage = page ? Math.max(1, Math.ceil(page.total / paging.pageSize)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && paging.page > lastPage) setPaging((p) => ({ ...p, page: lastPage }));
  }, [lastPage, paging.page, setPaging]);
  const bodyProps = {
    decl,
    // A list row is the contract's item: the detail without what only a detail shows.
    rows: withCreated(page?.data as T[] | undefined, created.rows),
    added,
    loading: list.isFetching,
    onOpen: record.open,
    sort,
    onSort: (next: string | undefined) => {
      setPaging((p) => ({ ...p, page: 1 }));
      setSort(next);
    },
    paging: {
      page: paging.page,
      pageSize: paging.pageSize,
      total: page?.total ?? 0,
      estimated: page?.total_estime === true,
      pageSizeOptions: sizes,
      onChange: (p: number, size: number) =>
        setPaging({ page: size === paging.pageSize ? p : 1, pageSize: size }),
    },
  };

  const deleteSelected = async () => {
    await groupPost
      .mutateAsync({
        path: decl.paths?.destroyGroup ?? `${decl.resource.path}/destroy-group`,
        body: { selected_lines: selected },
        // The same 'Oups !' toasts as a deletion from the detail (an invoice's: 20 s).
        ...decl.detail.deleteToast,
      })
      .then(
        () => setSelected([]),
        () => undefined,
      );
  };

  return (
    <section aria-label={decl.title}>
      <PageTitle
        title={decl.title}
        count={page?.total_estime ? TOTAL_ESTIME : page?.total}
        extra={
          <>
            <Segmented<'table' | 'cards'>
              value={view}
              onChange={setView}
              aria-label="Affichage"
              options={[
                { value: 'table', icon: <TableOutlined aria-hidden />, label: 'Tableau' },
                { value: 'cards', icon: <AppstoreOutlined aria-hidden />, label: 'Cartes' },
              ]}
            />
            <ExportButton
              resource={decl.resource}
              query={filterQuery}
              fields={decl.fields}
              labels={decl.labels}
              name={decl.exportName ?? decl.title}
            />
            {decl.import && decl.form && (
              <ImportButton
                decl={decl}
                columns={exportFields(decl.fields)}
                fields={decl.form.fields}
                labels={decl.labels}
              />
            )}
            {decl.form && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={record.create}>
                {decl.addLabel ?? 'Ajouter'}
              </Button>
            )}
          </>
        }
      />
      {filters.length > 0 && (
        <FilterPanel
          filters={filters}
          labels={decl.labels}
          values={values}
          onApply={applyFilters}
          resetLabel={decl.resetLabel}
        />
      )}
      {list.isError && !page && (
        <Alert type="error" showIcon title="Impossible de charger la liste." style={{ marginBottom: 16 }} />
      )}
      {decl.groupDelete && selected.length > 0 && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          title={`${selected.length} ligne${selected.length > 1 ? 's' : ''} sélectionnée${selected.length > 1 ? 's' : ''}`}
          action={
            <Popconfirm title={MSG.confirmDelete} okText="Oui" cancelText="Non" onConfirm={deleteSelected}>
              <Button danger size="small" icon={<DeleteOutlined aria-hidden />} loading={groupPost.isPending}>
                Supprimer la sélection
              </Button>
            </Popconfirm>
          }
        />
      )}
      {view === 'table' ? (
        <ListTable {...bodyProps} selected={selected} onSelect={decl.groupDelete ? setSelected : undefined} />
      ) : (
        <ListCards {...bodyProps} />
      )}
      <DetailDialog decl={decl} state={record.dialog} onClose={record.close} onCreated={created.add} />
    </section>
  );
}
