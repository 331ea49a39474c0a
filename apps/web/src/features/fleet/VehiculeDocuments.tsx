import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DOCUMENT_FICHIER_REGLE,
  DOCUMENT_FICHIER_TYPES,
  DOCUMENT_LIBELLES,
  DocumentBody,
  type DocumentOut,
  fichierErreur,
  formatDate,
  MSG,
  tagColor,
  type VehiculeDetailOut,
} from '@yams/shared';
import { AutoComplete, Button, DatePicker, Form, Popconfirm, Skeleton, Tag, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../base/http';
import { toast } from '../../base/toast';
import { dateKeys } from '../../components/form/FieldInput';
import { useSingleSubmit } from '../../components/form/useSingleSubmit';
import { zodRule } from '../../components/form/zodRule';
import { openDocumentFile, useAddDocument, useDeleteDocument } from './api';
import { DOCUMENT_LABELS } from './labels';

/**
 * A paper's card takes its state's colour (TAG_COLORS.document: expired red, expiring orange; the API computes
 * `etat` with the shared rule): the light background and border of that colour (Ant Design's 1 and 3 shades).
 */
const SURFACE: Record<string, { background: string; border: string }> = {
  red: { background: '#fff1f0', border: '#ffa39e' },
  orange: { background: '#fff7e6', border: '#ffd591' },
};
const etatStyle = (etat: string) => {
  const tag = tagColor('document', etat);
  return { tag, ...SURFACE[tag] };
};

/** The « Documents » block of a vehicle's detail dialog: its papers, add one (file optional), delete one. */
export function VehiculeDocuments({ vehicule }: { vehicule: VehiculeDetailOut }) {
  // The list row has no documents; the dialog fetches the vehicle's detail at once.
  if (!Array.isArray(vehicule.documents)) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <DocumentList documents={vehicule.documents} />
      <AddDocument vehiculeId={vehicule.id} />
    </div>
  );
}

function DocumentList({ documents }: { documents: DocumentOut[] }) {
  const remove = useDeleteDocument();
  if (!documents.length) return <Typography.Text type="secondary">Aucun document.</Typography.Text>;
  const sorted = [...documents].sort((a, b) =>
    (a.date_expiration ?? '9999').localeCompare(b.date_expiration ?? '9999'),
  );
  return (
    <ul aria-label="Documents du véhicule" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {sorted.map((doc) => {
        const style = etatStyle(doc.etat);
        return (
          <li
            key={doc.id}
            data-etat={doc.etat}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              flexWrap: 'wrap',
              padding: '8px 12px',
              marginBottom: 6,
              borderRadius: 6,
              background: style.background ?? '#fafafa',
              border: `1px solid ${style.border ?? '#f0f0f0'}`,
            }}
          >
            <div style={{ flex: '1 1 180px', minWidth: 0 }}>
              <Typography.Text strong>{doc.libelle}</Typography.Text>
              <div style={{ fontSize: 12, color: '#667085' }}>
                {doc.date_expiration
                  ? `${DOCUMENT_LABELS.date_expiration} : ${formatDate(doc.date_expiration)}`
                  : 'Sans date d’expiration'}
              </div>
            </div>
            <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginInlineStart: 'auto' }}>
              <Tag color={style.tag} style={{ marginInlineEnd: 0 }}>
                {doc.etat}
              </Tag>
              {doc.fichier && (
                <Button
                  size="small"
                  type="link"
                  icon={<PaperClipOutlined aria-hidden />}
                  aria-label={`Ouvrir le fichier de ${doc.libelle}`}
                  onClick={() =>
                    openDocumentFile(doc).catch(() =>
                      toast.oups(['Le fichier de ce document est introuvable sur le serveur.']),
                    )
                  }
                >
                  <span
                    style={{
                      maxWidth: 140,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {doc.fichier_nom ?? 'Fichier'}
                  </span>
                </Button>
              )}
              <Popconfirm
                title={MSG.confirmDelete}
                okText="Oui"
                cancelText="Non"
                onConfirm={() => remove.mutateAsync(doc).catch(() => undefined)}
              >
                <Button
                  size="small"
                  danger
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Supprimer le document ${doc.libelle}`}
                />
              </Popconfirm>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

interface AddValues {
  libelle?: string;
  date_expiration?: Dayjs | null;
}

const ACCEPT = Object.keys(DOCUMENT_FICHIER_TYPES).join(',');

function AddDocument({ vehiculeId }: { vehiculeId: number }) {
  const [form] = Form.useForm<AddValues>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const add = useAddDocument();
  const toBody = (v: AddValues) => ({
    camion_id: vehiculeId,
    association: 'vehicule' as const,
    libelle: v.libelle?.trim() ?? '',
    date_expiration: v.date_expiration?.isValid() ? v.date_expiration.format('YYYY-MM-DD') : null,
  });
  const rule = (name: string) =>
    zodRule(DocumentBody, name, undefined, { map: (v) => toBody(v as AddValues) });

  // One save at a time: a double-click adds one document, with its file (useSingleSubmit).
  const { submit, saving } = useSingleSubmit(async (values: AddValues) => {
    try {
      await add.mutateAsync({ body: toBody(values), file });
      form.resetFields();
      setFile(null);
      setFileError(null);
    } catch (error) {
      if (error instanceof ApiError) {
        const { fichier: fichierError, ...fields } = error.fields;
        setFileError(fichierError ?? null);
        form.setFields(
          Object.entries(fields)
            .filter(([name]) => name === 'libelle' || name === 'date_expiration')
            .map(([name, message]) => ({ name: name as keyof AddValues, errors: [message] })),
        );
      }
    }
  });

  return (
    <Form<AddValues>
      form={form}
      layout="vertical"
      aria-label="Ajouter un document"
      onFinish={submit}
      style={{ background: '#fafafa', padding: 12, borderRadius: 6, border: '1px dashed #d9d9d9' }}
    >
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Form.Item
          name="libelle"
          label={DOCUMENT_LABELS.libelle}
          required
          rules={[rule('libelle')]}
          style={{ flex: '2 1 200px', marginBottom: 8 }}
        >
          <AutoComplete
            options={DOCUMENT_LIBELLES.map((value) => ({ value }))}
            placeholder="Assurance, Visite technique…"
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
        <Form.Item
          name="date_expiration"
          label={DOCUMENT_LABELS.date_expiration}
          rules={[rule('date_expiration')]}
          style={{ flex: '1 1 150px', marginBottom: 8 }}
        >
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} {...dateKeys} />
        </Form.Item>
        <Form.Item
          label={`${DOCUMENT_LABELS.fichier} (facultatif)`}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
          style={{ flex: '1 1 150px', marginBottom: 8 }}
        >
          <Upload
            accept={ACCEPT}
            maxCount={1}
            beforeUpload={(f) => {
              // Checked here, before anything is sent: a 6 MB scan is refused at once.
              const refused = fichierErreur(DOCUMENT_FICHIER_REGLE, f);
              setFile(refused ? null : f);
              setFileError(refused);
              return refused ? Upload.LIST_IGNORE : false;
            }}
            onRemove={() => {
              setFile(null);
              setFileError(null);
            }}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined aria-hidden />}>Choisir un fichier</Button>
          </Upload>
        </Form.Item>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button htmlType="submit" type="primary" icon={<PlusOutlined aria-hidden />} loading={saving}>
          Ajouter le document
        </Button>
      </div>
    </Form>
  );
}
