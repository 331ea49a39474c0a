import { Table, Typography } from 'antd';
import { displayNode } from '../list/DisplayValue';
import { columnAlign } from '../list/fields';
import type { DisplayField, Labels } from '../list/types';
import { displayText, fieldLabel } from '../list/values';

const TOTAL_STYLE = { fontWeight: 600, background: '#f4f6f9' } as const;

/**
 * A report's table: its columns are display fields (the list kit's: `format`, `value`, `render`, `align`),
 * so the same list feeds the section's export (`RowsExportButton`) with the same headers and values. Whole
 * (no paging: a report's rows are the period's), scrolled sideways on a phone.
 */
export function ReportTable<T extends object>({
  rows,
  fields,
  labels,
  rowKey,
  loading,
  emptyText = 'Aucune donnée sur cette période',
  label,
  total,
}: {
  rows: T[];
  fields: DisplayField<T>[];
  labels: Labels;
  rowKey: keyof T & string;
  loading?: boolean;
  emptyText?: string;
  /** The table's accessible name, when the section holds more than one. */
  label?: string;
  /** A total's row (a statement's subtotal): bold on a tinted band, as the printed report shows it. */
  total?: (row: T) => boolean;
}) {
  return (
    <Table<T>
      size="small"
      rowKey={rowKey}
      pagination={false}
      loading={loading}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      aria-label={label}
      locale={{ emptyText }}
      onRow={total ? (row) => (total(row) ? { style: TOTAL_STYLE } : {}) : undefined}
      columns={fields
        .filter((f) => f.table !== false)
        .map((f) => ({
          key: f.key,
          title: fieldLabel(f, labels),
          width: f.width,
          align: columnAlign(f),
          // `truncate`: cut to that width with '…', the whole text on hover (as the list kit's columns).
          render: (_: unknown, row: T) =>
            f.truncate ? (
              <Typography.Text
                ellipsis={{ tooltip: displayText(f, row) }}
                style={{ maxWidth: f.truncate, display: 'block' }}
              >
                {displayNode(f, row)}
              </Typography.Text>
            ) : (
              displayNode(f, row)
            ),
        }))}
    />
  );
}
