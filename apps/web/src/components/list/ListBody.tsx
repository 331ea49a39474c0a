import { Card, Col, Empty, Row as GridRow, Pagination, Skeleton, Table, Tag, Typography } from 'antd';
import type { Key } from 'react';
import { useIsMobile } from '../useIsMobile';
import { displayNode } from './DisplayValue';
import { cardFields, columnAlign, tableFields } from './fields';
import { TENANT_COLUMN } from './tenant';
import type { DisplayField, ListDecl, Row } from './types';
import { displayText, fieldLabel, sortField } from './values';

export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  /** The total is the server's estimate (past 10,000 rows): the pager says 'plus de 10 000'. */
  estimated?: boolean;
  pageSizeOptions: number[];
  onChange: (page: number, pageSize: number) => void;
}

interface Props<T extends Row> {
  decl: ListDecl<T>;
  rows: T[] | undefined;
  /** Rows just created from this screen: marked 'Ajouté' (useCreatedRows). */
  added?: ReadonlySet<number>;
  loading: boolean;
  paging: Paging;
  onOpen: (row: T) => void;
  selected?: Key[];
  onSelect?: (keys: Key[]) => void;
  /** `champ` or `-champ`; undefined: the API's default order. */
  sort?: string;
  onSort?: (sort: string | undefined) => void;
}

const EMPTY = 'Aucune donnée';

/** The mark of a row just created from this screen, and its background. */
const AJOUTE = (
  <Tag color="green" style={{ marginInlineStart: 6 }}>
    Ajouté
  </Tag>
);
const AJOUTE_FOND = '#f6ffed';
export const TOTAL_ESTIME = 'plus de 10 000';

/** A row named by its first column (a code, a plate, a name), for screen readers. */
const rowName = <T extends Row>(decl: ListDecl<T>, row: T) => {
  const first = tableFields(decl)[0];
  return first ? displayText(first, row) : String(row.id);
};

/** Full pager on desktop; on a phone a compact one (the total is in the title). */
const pagination = (p: Paging, compact: boolean) => ({
  current: p.page,
  pageSize: p.pageSize,
  total: p.total,
  showSizeChanger: !compact,
  pageSizeOptions: p.pageSizeOptions,
  onChange: p.onChange,
  showTotal: compact
    ? undefined
    : (total: number, [from, to]: [number, number]) =>
        `${from}-${to} sur ${p.estimated ? TOTAL_ESTIME : total}`,
  simple: compact,
  locale: { items_per_page: '/ page' },
});

/** The table view: server paging, a row click opens the detail, optional selection. */
export function ListTable<T extends Row>({
  decl,
  rows,
  added,
  loading,
  paging,
  onOpen,
  selected,
  onSelect,
  sort,
  onSort,
}: Props<T>) {
  const isMobile = useIsMobile();
  const orderOf = (field: string | undefined) =>
    field === undefined ? undefined : sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null;
  const columns = tableFields(decl);
  if (!rows && loading) return <Skeleton active paragraph={{ rows: paging.pageSize }} />;
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      dataSource={rows ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY} /> }}
      columns={columns.map((field, index) => {
        const api = sortField(field);
        const mark = (row: T) => (index === 0 && added?.has(row.id) ? AJOUTE : null);
        return {
          key: api ?? field.key,
          title: fieldLabel(field, decl.labels),
          width: field.width,
          align: columnAlign(field),
          render: (_: unknown, row: T) =>
            field.truncate ? (
              <Typography.Text
                ellipsis={{ tooltip: displayText(field, row) }}
                style={{ maxWidth: field.truncate, display: 'block' }}
              >
                {displayNode(field, row)}
                {mark(row)}
              </Typography.Text>
            ) : (
              <>
                {displayNode(field, row)}
                {mark(row)}
              </>
            ),
          ...(api && onSort
            ? { sorter: true, sortOrder: orderOf(api), sortDirections: ['ascend', 'descend'] as const }
            : {}),
        };
      })}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || !onSort) return;
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = s?.columnKey ? String(s.columnKey) : undefined;
        onSort(field && s?.order ? (s.order === 'descend' ? `-${field}` : field) : undefined);
      }}
      onRow={(row) => ({
        onClick: () => onOpen(row),
        style: { cursor: 'pointer', ...(added?.has(row.id) ? { background: AJOUTE_FOND } : {}) },
      })}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: selected,
              onChange: onSelect,
              columnWidth: 40,
              // Screen readers announce them in French (antd's defaults are English).
              getTitleCheckboxProps: () => ({ 'aria-label': 'Tout sélectionner' }),
              getCheckboxProps: (row: T) => ({
                'aria-label': `Sélectionner la ligne ${rowName(decl, row)}`.trim(),
              }),
            }
          : undefined
      }
      pagination={{ ...pagination(paging, isMobile), position: ['bottomRight'] }}
    />
  );
}

function CardFields<T extends Row>({
  fields,
  row,
  decl,
}: {
  fields: DisplayField<T>[];
  row: T;
  decl: ListDecl<T>;
}) {
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
      {fields.map((field) => (
        <div key={field.key} style={{ display: 'contents' }}>
          <dt style={{ color: '#667085' }}>{fieldLabel(field, decl.labels)}</dt>
          <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{displayNode(field, row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The card view: one card per row, same paging and detail. */
export function ListCards<T extends Row>({ decl, rows, added, loading, paging, onOpen }: Props<T>) {
  const isMobile = useIsMobile();
  const card = decl.card;
  // Without `card`, the first column titles the card, not the superadmin's 'Entreprise' (it goes below).
  const titleField = tableFields(decl).find((c) => c.key !== TENANT_COLUMN) ?? decl.fields[0]!;
  const fields = cardFields(decl, titleField);
  if (!rows && loading) {
    return (
      <GridRow gutter={[16, 16]}>
        {Array.from({ length: paging.pageSize }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <Col key={i} xs={24} md={12} xl={8}>
            <Card>
              <Skeleton active />
            </Card>
          </Col>
        ))}
      </GridRow>
    );
  }
  if (!rows?.length) return <Empty description={EMPTY} style={{ padding: 32 }} />;
  return (
    <div aria-busy={loading}>
      <GridRow gutter={[16, 16]} role="list" aria-label={`${decl.title} (cartes)`}>
        {rows.map((row) => (
          <Col key={row.id} xs={24} md={12} xl={8} role="listitem">
            <Card
              hoverable
              size="small"
              onClick={() => onOpen(row)}
              style={{ height: '100%', ...(added?.has(row.id) ? { background: AJOUTE_FOND } : {}) }}
              title={
                <div style={{ padding: '6px 0' }}>
                  <Typography.Text strong ellipsis style={{ display: 'block' }}>
                    {card ? card.title(row) : displayNode(titleField, row)}
                    {added?.has(row.id) && AJOUTE}
                  </Typography.Text>
                  {card?.subtitle && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
                      {card.subtitle(row)}
                    </Typography.Text>
                  )}
                </div>
              }
              extra={card?.extra?.(row)}
              // A one-column table (Types de marchandise) has nothing below its title: no empty band.
              styles={fields.length ? undefined : { body: { display: 'none' } }}
            >
              <CardFields fields={fields} row={row} decl={decl} />
            </Card>
          </Col>
        ))}
      </GridRow>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Pagination {...pagination(paging, isMobile)} />
      </div>
    </div>
  );
}
