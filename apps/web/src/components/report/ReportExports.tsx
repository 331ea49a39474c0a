import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { endpointPath } from '@yams/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { downloadApiFile } from '../export/download';
import { exportFileName } from '../export/exportRows';
import type { ReportExportDecl, ReportValues } from './types';

const LABELS = { xlsx: 'Excel', pdf: 'PDF' } as const;

/**
 * « Excel » and « PDF » of the whole report: the report's own endpoint with `format=xlsx|pdf` and exactly
 * the filters it was loaded with (the route answers the file instead of its JSON), saved as
 * `rapport-carburant-2026-11-01-2026-11-27-2026-11-27.xlsx`. Disabled until the report is loaded.
 */
export function ReportExports({ decl, values }: { decl: ReportExportDecl; values: ReportValues | null }) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (format: 'xlsx' | 'pdf') => {
    if (!values) return;
    setBusy(format);
    try {
      const query = { ...(decl.query ? decl.query(values) : values), format };
      await downloadApiFile(
        endpointPath(decl.endpoint),
        query,
        `${exportFileName(decl.name(values))}.${format}`,
      );
    } catch {
      // Already toasted.
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {decl.formats.map((format) => (
        <Button
          key={format}
          icon={format === 'pdf' ? <FilePdfOutlined aria-hidden /> : <FileExcelOutlined aria-hidden />}
          disabled={!values}
          loading={busy === format}
          onClick={() => void run(format)}
        >
          {LABELS[format]}
        </Button>
      ))}
    </>
  );
}
