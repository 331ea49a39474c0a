import { useQuery } from '@tanstack/react-query';
import {
  type AvanceDetailOut,
  actionPath,
  avancesContract,
  formatDate,
  formatMoney,
  type JustificatifBody,
  type JustificatifOut,
  NATURES_PIECE,
  NATURES_PIECE_DE_CAISSE,
  photoChauffeurEndpoint,
  recuDepenseAvanceEndpoint,
  todayInGabon,
} from '@yams/shared';
import { Button, Descriptions, Select, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { call, fetchFile, http } from '../../base/http';
import { toast } from '../../base/toast';
import { bornesComptables } from '../../components/form/bornes';
import { EntityForm } from '../../components/form/EntityForm';
import type { FormFieldDecl } from '../../components/form/fields';
import { dayToPicker } from '../../components/form/gabonTime';
import type { SectionContext } from '../../components/list/types';
import { attachablesQuery } from './api';
import { AVANCE_LABELS } from './labels';
import { resteTexte } from './reste';

const TYPES: Record<JustificatifOut['type'], string> = {
  plein: 'Plein',
  frais: 'Frais de route',
  depense: 'Dépense du bureau',
};

const depenseFields: FormFieldDecl[] = [
  {
    name: 'nature',
    type: 'select',
    required: true,
    options: NATURES_PIECE.map((n) => ({ value: n, label: NATURES_PIECE_DE_CAISSE[n].libelle })),
  },
  { name: 'libelle', type: 'text', required: true },
  { name: 'montant', label: 'Montant', type: 'money', required: true },
  { name: 'tva', type: 'money' },
  {
    name: 'date_operation',
    label: 'Date de la dépense',
    type: 'date',
    required: true,
    bornes: bornesComptables,
  },
];

/** A receipt's photo, fetched with the session's token, opened in a new tab. */
async function voirRecu(photoId: number) {
  const blob = await fetchFile(photoChauffeurEndpoint, { params: { id: photoId } });
  if (blob) window.open(URL.createObjectURL(blob), '_blank', 'noopener');
}

const ligneTexte = (l: JustificatifOut) =>
  `${formatDate(l.date)} · ${TYPES[l.type]} · ${l.libelle} · ${formatMoney(l.montant)}`;

/**
 * The lines that justify an advance and its totals; while it is open, a fill or road expense of the driver
 * attached or detached, and an expense entered at the office (each posted by the API).
 */
export function Justificatifs({ avance: a, ctx }: { avance: AvanceDetailOut; ctx: SectionContext }) {
  const ouverte = a.can.justificatifs;
  const libres = useQuery({ ...attachablesQuery(a.id), enabled: ouverte });
  const [choix, setChoix] = useState<string | null>(null);
  const [saisie, setSaisie] = useState(false);
  const [busy, setBusy] = useState(false);

  const envoyer = async (body: JustificatifBody) => {
    setBusy(true);
    try {
      await http.post(actionPath(avancesContract, 'justificatifs', a.id), body, { successToast: true });
      setChoix(null);
      await ctx.refresh();
      await libres.refetch();
    } catch {
      // Toasted by http.
    } finally {
      setBusy(false);
    }
  };

  const joindre = async (depenseId: number, photo: File) => {
    setBusy(true);
    try {
      const res = await call(recuDepenseAvanceEndpoint, {
        params: { id: a.id },
        body: { depense_id: depenseId, photo },
      });
      toast.success(typeof res.message === 'string' ? res.message : 'Le reçu a été joint à la dépense.');
      await ctx.refresh();
    } catch {
      // Toasted by call.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered>
        <Descriptions.Item label="Avancé">{formatMoney(a.montant)}</Descriptions.Item>
        <Descriptions.Item label="Justifié">{formatMoney(a.justifie)}</Descriptions.Item>
        <Descriptions.Item label="Reste">{resteTexte(a)}</Descriptions.Item>
      </Descriptions>
      <Table<JustificatifOut>
        size="small"
        rowKey={(l) => `${l.type}-${l.id}`}
        dataSource={a.justificatifs}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: 'Aucun justificatif.' }}
        aria-label="Justificatifs de l'avance"
        columns={[
          { title: 'Date', dataIndex: 'date', render: (d: string) => formatDate(d) },
          {
            title: 'Justificatif',
            render: (_, l) => (
              <span>
                <Typography.Text type="secondary">{TYPES[l.type]}</Typography.Text> {l.libelle}
                {l.course ? ` (${l.course.code})` : ''}
              </span>
            ),
          },
          { title: 'Compte', dataIndex: 'compte' },
          { title: 'Montant', dataIndex: 'montant', align: 'right', render: (m: number) => formatMoney(m) },
          {
            title: 'TVA',
            dataIndex: 'tva',
            align: 'right',
            render: (m: number) => (m ? formatMoney(m) : '—'),
          },
          {
            title: 'Reçu',
            key: 'recu',
            render: (_, l) =>
              l.photo_id ? (
                <Button size="small" type="link" onClick={() => void voirRecu(l.photo_id!)}>
                  Voir
                </Button>
              ) : l.type === 'depense' ? (
                <Upload
                  accept="image/jpeg,image/png,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void joindre(l.id, file);
                    return false;
                  }}
                >
                  <Button size="small" disabled={busy} aria-label={`Joindre le reçu de ${l.libelle}`}>
                    Joindre
                  </Button>
                </Upload>
              ) : (
                '—'
              ),
          },
          ...(ouverte
            ? [
                {
                  title: '',
                  key: 'detacher',
                  render: (_: unknown, l: JustificatifOut) => (
                    <Button
                      size="small"
                      disabled={busy}
                      aria-label={`Détacher ${l.libelle}`}
                      onClick={() =>
                        void envoyer({ action: 'detacher', type: l.type, id: l.id } as JustificatifBody)
                      }
                    >
                      {l.type === 'depense' ? 'Retirer' : 'Détacher'}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {ouverte && (
        <Space wrap>
          <Select
            style={{ minWidth: 280, maxWidth: '100%' }}
            placeholder="Plein ou frais de route du chauffeur"
            aria-label="Justificatif à rattacher"
            loading={libres.isLoading}
            value={choix}
            onChange={setChoix}
            notFoundContent="Aucun plein ni frais de route libre."
            options={(libres.data ?? []).map((l) => ({ value: `${l.type}:${l.id}`, label: ligneTexte(l) }))}
          />
          <Button
            disabled={!choix || busy}
            onClick={() => {
              const [type, id] = choix!.split(':');
              void envoyer({ action: 'attacher', type, id: Number(id) } as JustificatifBody);
            }}
          >
            Rattacher
          </Button>
          {!saisie && <Button onClick={() => setSaisie(true)}>Ajouter une dépense</Button>}
        </Space>
      )}
      {ouverte && saisie && (
        <EntityForm
          ariaLabel="Dépense justifiant l'avance"
          fields={depenseFields}
          labels={AVANCE_LABELS}
          mode="create"
          initialValues={{ date_operation: dayToPicker(todayInGabon()), tva: 0 }}
          submitLabel="Ajouter la dépense"
          onCancel={() => setSaisie(false)}
          onSubmit={async (body) => {
            await http.post(
              actionPath(avancesContract, 'justificatifs', a.id),
              { action: 'ajouter', ...body },
              { successToast: true },
            );
            setSaisie(false);
            await ctx.refresh();
          }}
        />
      )}
    </Space>
  );
}
