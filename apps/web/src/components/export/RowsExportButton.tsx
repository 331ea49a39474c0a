import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { DisplayField, Labels } from '../list/types';
import { downloadRows } from './download';

interface Props<T> {
  /** The rows already on screen (a summary, a report): exported as they are. */
  rows: T[];
  fields: DisplayField<T>[];
  labels: Labels;
  /** File name base and sheet name. */
  name: string;
  disabled?: boolean;
}

/**
 * 'Exporter' → CSV or Excel of rows the screen already holds (not a paged API list: for those,
 * `ExportButton`), with the same formatters, headers and formula protection as every export.
 */
export function RowsExportButton<T>({ rows, fields, labels, name, disabled }: Props<T>) {
  const [busy, setBusy] = useState(false);
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      await downloadRows(rows, fields, labels, name, kind);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      disabled={disabled || busy}
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', icon: <FileTextOutlined aria-hidden />, label: 'Exporter en CSV' },
          { key: 'xlsx', icon: <FileExcelOutlined aria-hidden />, label: 'Exporter en Excel (.xlsx)' },
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={busy} disabled={disabled}>
        Exporter
      </Button>
    </Dropdown>
  );
}
