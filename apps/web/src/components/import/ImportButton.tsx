import { UploadOutlined } from '@ant-design/icons';
import { type ImportReport, importEndpoint } from '@yams/shared';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { ApiError, call } from '../../base/http';
import { toast } from '../../base/toast';
import type { FormFieldDecl } from '../form/fields';
import { useRefreshAfterWrite } from '../list/resource';
import type { DisplayField, Labels, ListDecl, Row } from '../list/types';
import { headerTargets, type ImportPlan, importAdvice, planImport, validLines } from './importLines';
import { IMPORT_ACCEPT, readSheet } from './readSheet';

interface Props<T extends Row> {
  decl: Pick<ListDecl<T>, 'resource' | 'invalidates' | 'title'>;
  columns: DisplayField<T>[];
  fields: FormFieldDecl[];
  labels: Labels;
}

const body = (plan: ImportPlan) => ({ lignes: plan.lignes, numeros: plan.numeros });
const s = (n: number) => (n > 1 ? 's' : '');

interface Preview {
  file: string;
  plan: ImportPlan;
  report: ImportReport;
}

/**
 * 'Importer' → a CSV or Excel file with the export's columns. The browser reads it, the API checks every
 * line without writing (`apercu`), the dialog shows what will be imported or, line by line, what to correct
 * (fix the file and import it again, or import only the valid lines); 'Importer' then writes those lines in
 * one transaction, or none.
 */
export function ImportButton<T extends Row>({ decl, columns, fields, labels }: Props<T>) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const refresh = useRefreshAfterWrite(decl.resource as never, decl.invalidates);
  const endpoint = importEndpoint(decl.resource.path);

  const check = async (file: File) => {
    setBusy(true);
    try {
      const plan = planImport(await readSheet(file), headerTargets(columns, fields, labels));
      if (plan.colonnes.length === 0) {
        throw new Error("Aucune colonne du fichier n'est reconnue : utilisez les colonnes de l'export.");
      }
      if (plan.lignes.length === 0) throw new Error('Le fichier ne contient aucune ligne à importer.');
      const { data } = await call(endpoint, { body: { ...body(plan), apercu: true } });
      setPreview({ file: file.name, plan, report: data });
    } catch (err) {
      if (!(err instanceof ApiError)) toast.oups([(err as Error).message], 'warning');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const write = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const lines = validLines(preview.plan, preview.report);
      await call(endpoint, { body: body(lines) }, { successToast: true, errors: 'first' });
      setPreview(null);
      await refresh();
    } catch (err) {
      // Rows changed since the preview (a code taken meanwhile): the dialog shows the lines to correct now.
      if (err instanceof ApiError && err.status === 422) {
        const { data } = await call(
          endpoint,
          { body: { ...body(preview.plan), apercu: true } },
          { errors: 'none' },
        ).catch(() => ({ data: preview.report }));
        setPreview({ ...preview, report: data });
      }
    } finally {
      setBusy(false);
    }
  };

  const erreurs = preview?.report.erreurs ?? [];
  const n = preview?.plan.lignes.length ?? 0;
  const valides = preview ? validLines(preview.plan, preview.report).lignes.length : 0;
  const okText =
    erreurs.length === 0
      ? `Importer ${n} ligne${s(n)}`
      : valides === 1
        ? 'Importer la ligne valide'
        : `Importer les ${valides} lignes valides`;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        aria-label={`Fichier à importer dans ${decl.title}`}
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void check(file);
        }}
      />
      <Button
        icon={<UploadOutlined aria-hidden />}
        loading={busy && !preview}
        onClick={() => input.current?.click()}
      >
        Importer
      </Button>
      <Modal
        open={preview !== null}
        title={`Importer dans ${decl.title}`}
        onCancel={() => setPreview(null)}
        okText={okText}
        cancelText={valides === 0 ? 'Fermer' : 'Annuler'}
        // Nothing valid to import: only 'Fermer'.
        okButtonProps={{ loading: busy, style: valides === 0 ? { display: 'none' } : undefined }}
        onOk={() => void write()}
        width={720}
      >
        {preview && (
          <>
            <Typography.Paragraph>
              {preview.file} : {n} ligne{n > 1 ? 's' : ''} lue{n > 1 ? 's' : ''}, colonnes{' '}
              {preview.plan.colonnes.map((c) => c.entete).join(', ')}.
            </Typography.Paragraph>
            {preview.plan.ignorees.length > 0 && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                message={`Colonnes ignorées : ${preview.plan.ignorees.join(', ')}.`}
              />
            )}
            {erreurs.length === 0 ? (
              <Alert
                type="success"
                showIcon
                message={`Toutes les lignes sont valides : ${n} ligne${n > 1 ? 's' : ''} prête${n > 1 ? 's' : ''} à être importée${n > 1 ? 's' : ''}.`}
              />
            ) : (
              <>
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 12 }}
                  message={importAdvice(n, erreurs.length, valides)}
                />
                <Table
                  size="small"
                  rowKey="ligne"
                  pagination={erreurs.length > 10 ? { pageSize: 10 } : false}
                  dataSource={erreurs}
                  columns={[
                    { title: 'Ligne', dataIndex: 'ligne', width: 80 },
                    {
                      title: 'À corriger',
                      dataIndex: 'messages',
                      render: (m: string[]) => m.join(' '),
                    },
                  ]}
                />
              </>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
