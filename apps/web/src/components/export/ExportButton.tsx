import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { nomFichierExport } from '@yams/shared';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { Query } from '../../base/http';
import { toast } from '../../base/toast';
import type { Resource } from '../list/resource';
import type { DisplayField, Labels, Row } from '../list/types';
import { downloadRows, downloadServerExport, fetchAllRows } from './download';
import { exportColumns } from './serverExport';

interface Props<T> {
  /** Only its path and list pages are read: a resource whose detail differs from its rows fits too. */
  resource: Resource<unknown, Row>;
  /** The current filters (and base query): everything they select is exported, all pages. */
  query: Query;
  fields: DisplayField<T>[];
  labels: Labels;
  /** File name base and sheet name, e.g. 'Ressources Humaines'. */
  name: string;
}

/**
 * 'Exporter' → CSV or Excel of every row the filters select, in their order. The API streams it in one
 * request (`GET {path}/export`, every list of the shared list helper); a list whose fields compute values
 * the API cannot name (`value` without `path`) or whose resource has no export is fetched page by page here.
 */
export function ExportButton<T>({ resource, query, fields, labels, name }: Props<T>) {
  const [progress, setProgress] = useState<number | null>(null);

  const run = async (kind: 'csv' | 'xlsx') => {
    setProgress(0);
    const columns = resource.serverExport === false ? null : exportColumns(fields, labels);
    if (columns) {
      try {
        await downloadServerExport(resource.path, query, columns, kind, name, nomFichierExport(name));
        toast.success('Export téléchargé.');
      } catch {
        // Already toasted.
      } finally {
        setProgress(null);
      }
      return;
    }
    try {
      // The list's rows, shown as T like the screen's (ListScreen).
      const rows = (await fetchAllRows(resource, query, setProgress)) as T[];
      await downloadRows(rows, fields, labels, name, kind);
    } catch {
      // The HTTP client already showed the error.
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Dropdown
      disabled={busy}
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', icon: <FileTextOutlined aria-hidden />, label: 'Exporter en CSV' },
          { key: 'xlsx', icon: <FileExcelOutlined aria-hidden />, label: 'Exporter en Excel (.xlsx)' },
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={busy} aria-busy={busy}>
        {busy ? `Export… ${Math.round((progress ?? 0) * 100)} %` : 'Exporter'}
      </Button>
    </Dropdown>
  );
}
