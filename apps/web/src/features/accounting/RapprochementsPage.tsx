import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ETAT_LIGNE_RELEVE_LIBELLES,
  type EtatLigneReleve,
  formatMoney,
  fraisAPasser,
  importerRapprochementEndpoint,
  JOURNAL_ENTREPRISE,
  type LigneReleveOut,
  PRESET_RELEVE_LIBELLES,
  PRESETS_RELEVE,
  type PresetReleve,
  pointerLigneEndpoint,
  type RapprochementDetailOut,
  rapprochementEndpoint,
  rapprochementsEndpoint,
} from '@yams/shared';
import { Alert, Button, Card, Form, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../base/http';
import { DateText } from '../../components/DateText';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { isSuperadmin } from '../../components/list/tenant';
import { Money } from '../../components/Money';
import { PageTitle } from '../../components/PageTitle';
import { ReportSection } from '../../components/ReportSection';
import { ReportFigures } from '../../components/report/ReportFigures';
import { useIsMobile } from '../../components/useIsMobile';

// Rapprochements (issue 29 §6): a bank or mobile-money statement imported (file, account, preset), its lines
// matched by the API to the account's movements; here each line's state, one click to accept a proposal or
// to post its fees (631), and the statement's balance against the books'. The API decides everything.

const COMPTES = [
  { value: '521', label: '521 Banques' },
  { value: '552', label: '552 Monnaie électronique' },
];

const ETAT_COULEUR: Record<EtatLigneReleve, string> = {
  pointee: 'green',
  proposee: 'blue',
  a_traiter: 'orange',
};

const KEY = ['comptabilite', 'rapprochements'];

/** `2 lignes pointées`, `0 ligne pointée`: French plural from 2. */
const n = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;
const jour = (d: string) => d.split('-').reverse().join('/');

export default function RapprochementsPage() {
  const mobile = useIsMobile();
  const superadmin = isSuperadmin();
  const queryClient = useQueryClient();
  const [entreprise, setEntreprise] = useState<number | undefined>();
  const [choisi, setChoisi] = useState<number | undefined>();
  const [fichier, setFichier] = useState<File | null>(null);
  const [compte, setCompte] = useState('521');
  const [preset, setPreset] = useState<PresetReleve>('banque');
  const [envoi, setEnvoi] = useState(false);
  const [enCours, setEnCours] = useState<string | null>(null);
  const pret = !superadmin || entreprise !== undefined;

  const liste = useQuery({
    queryKey: [...KEY, 'liste', entreprise],
    enabled: pret,
    queryFn: async ({ signal }) =>
      (await call(rapprochementsEndpoint, { query: { entreprise } }, { signal })).data,
  });
  const id = choisi ?? liste.data?.[0]?.id;
  const detail = useQuery({
    queryKey: [...KEY, 'detail', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) =>
      (await call(rapprochementEndpoint, { params: { id: id! } }, { signal })).data,
  });
  const r = detail.data;

  const montrer = async (d: RapprochementDetailOut) => {
    queryClient.setQueryData([...KEY, 'detail', d.id], d);
    setChoisi(d.id);
    await queryClient.invalidateQueries({ queryKey: [...KEY, 'liste'] });
  };

  const importer = async () => {
    if (!fichier) return;
    setEnvoi(true);
    try {
      const res = await call(
        importerRapprochementEndpoint,
        { body: { fichier, compte, preset }, query: { entreprise } },
        { successToast: true },
      );
      setFichier(null);
      await montrer(res.data);
    } finally {
      setEnvoi(false);
    }
  };

  const pointer = async (ligne: LigneReleveOut, body: Parameters<typeof pointerEnvoi>[1], cle: string) => {
    setEnCours(cle);
    try {
      await montrer(await pointerEnvoi(r!.id, body, ligne.id));
    } finally {
      setEnCours(null);
    }
  };

  // On a phone: the line in one cell (date, libellé, amount, fees, state), its movement and actions beside it.
  const ligneMobile: ColumnsType<LigneReleveOut>[number] = {
    key: 'ligne',
    title: 'Ligne du relevé',
    width: 160,
    render: (_, l) => (
      <Space direction="vertical" size={2}>
        <DateText value={l.date} />
        <span>{l.libelle || '—'}</span>
        {(l.reference || l.telephone) && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[l.reference, l.telephone].filter(Boolean).join(' · ')}
          </Typography.Text>
        )}
        <Money value={l.montant} strong />
        {l.frais > 0 && <Typography.Text type="secondary">Frais {formatMoney(l.frais)}</Typography.Text>}
        <Tag color={ETAT_COULEUR[l.etat]}>{ETAT_LIGNE_RELEVE_LIBELLES[l.etat]}</Tag>
      </Space>
    ),
  };

  const colonnes: ColumnsType<LigneReleveOut> = [
    { key: 'date', title: 'Date', width: 104, render: (_, l) => <DateText value={l.date} /> },
    {
      key: 'libelle',
      title: 'Libellé',
      render: (_, l) => (
        <>
          <div>{l.libelle || '—'}</div>
          {(l.reference || l.telephone) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[l.reference, l.telephone].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'montant',
      title: 'Montant',
      align: 'right',
      width: 140,
      render: (_, l) => <Money value={l.montant} />,
    },
    {
      key: 'frais',
      title: 'Frais',
      align: 'right',
      width: 110,
      render: (_, l) => (l.frais ? <Money value={l.frais} /> : ''),
    },
    {
      key: 'etat',
      title: 'État',
      width: 110,
      render: (_, l) => <Tag color={ETAT_COULEUR[l.etat]}>{ETAT_LIGNE_RELEVE_LIBELLES[l.etat]}</Tag>,
    },
    {
      key: 'mouvement',
      title: 'Mouvement comptable',
      width: mobile ? 190 : 340,
      render: (_, l) => {
        const frais = fraisAPasser({ ...l, mouvement_id: l.mouvement?.id ?? null });
        return (
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            {l.mouvement && (
              <Typography.Text>
                <DateText value={l.mouvement.date} /> · {l.mouvement.libelle}
                {l.mouvement.piece && !l.mouvement.libelle.includes(l.mouvement.piece)
                  ? ` (${l.mouvement.piece})`
                  : ''}
              </Typography.Text>
            )}
            {l.propositions.map((m) => (
              <Button
                key={m.id}
                size="small"
                type="primary"
                ghost
                loading={enCours === `${l.id}-${m.id}`}
                onClick={() => pointer(l, { mouvement_id: m.id }, `${l.id}-${m.id}`)}
                title={`${m.libelle}${m.piece ? ` (${m.piece})` : ''} · ${formatMoney(m.montant)}`}
                aria-label={`Accepter ${m.libelle} du ${jour(m.date)} pour la ligne ${l.numero}`}
                block
                style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}
              >
                Accepter : {jour(m.date)} · {m.libelle}
              </Button>
            ))}
            {frais && (
              <Button
                size="small"
                loading={enCours === `${l.id}-frais`}
                onClick={() => pointer(l, { creer: 'frais' }, `${l.id}-frais`)}
                aria-label={`Créer l'écriture de frais de la ligne ${l.numero}`}
              >
                Créer les frais ({formatMoney(frais.montant)})
              </Button>
            )}
            {(l.mouvement || l.frais_ecriture_id !== null) && (
              <Button
                size="small"
                type="link"
                style={{ padding: 0 }}
                loading={enCours === `${l.id}-annuler`}
                onClick={() => pointer(l, { annuler: true }, `${l.id}-annuler`)}
              >
                Annuler le pointage
              </Button>
            )}
            {!l.mouvement && l.propositions.length === 0 && !frais && (
              <Typography.Text type="secondary">Aucun mouvement trouvé</Typography.Text>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageTitle
        title="Rapprochements"
        extra={
          superadmin ? (
            <EntrepriseSelect
              value={entreprise}
              onChange={(v) => {
                setEntreprise(v as number | undefined);
                setChoisi(undefined);
              }}
            />
          ) : undefined
        }
      />
      {!pret && <Alert type="info" showIcon title={JOURNAL_ENTREPRISE} style={{ marginBottom: 16 }} />}
      <Card size="small" title="Importer un relevé" style={{ marginBottom: 16 }}>
        <Form layout={mobile ? 'vertical' : 'inline'} aria-label="Importer un relevé" onFinish={importer}>
          <Form.Item label="Fichier">
            <Upload
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              beforeUpload={(f) => {
                setFichier(f);
                return false;
              }}
              onRemove={() => setFichier(null)}
              fileList={
                fichier
                  ? [{ uid: '1', name: fichier.name, status: 'done', originFileObj: fichier as never }]
                  : []
              }
            >
              <Button>Choisir un fichier CSV ou Excel</Button>
            </Upload>
          </Form.Item>
          <Form.Item label="Compte">
            <Select
              aria-label="Compte"
              value={compte}
              onChange={setCompte}
              options={COMPTES}
              style={{ minWidth: 200 }}
            />
          </Form.Item>
          <Form.Item label="Modèle">
            <Select
              aria-label="Modèle"
              value={preset}
              onChange={setPreset}
              options={PRESETS_RELEVE.map((p) => ({ value: p, label: PRESET_RELEVE_LIBELLES[p] }))}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" disabled={!fichier || !pret} loading={envoi}>
              Importer
            </Button>
          </Form.Item>
        </Form>
      </Card>

      {liste.data && liste.data.length > 0 && (
        <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
          <Typography.Text>Relevé :</Typography.Text>
          <Select
            aria-label="Relevé"
            value={id}
            onChange={(v) => setChoisi(v)}
            style={mobile ? { width: '100%' } : { minWidth: 480 }}
            options={liste.data.map((x) => ({
              value: x.id,
              label: `${x.fichier} · ${x.compte} · ${jour(x.date_debut)} → ${jour(x.date_fin)}${x.totaux.rapproche ? ' · Rapproché' : ''}`,
            }))}
          />
        </div>
      )}
      {liste.data?.length === 0 && (
        <Alert
          type="info"
          showIcon
          title="Aucun relevé importé pour l'instant."
          style={{ marginBottom: 16 }}
        />
      )}

      {r && (
        <>
          <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
            <Typography.Text strong>
              {r.compte_libelle} ({r.compte}) · {r.fichier}
            </Typography.Text>
            {r.totaux.rapproche ? (
              <Tag color="green">Rapproché</Tag>
            ) : (
              <Tag color="orange">Non rapproché</Tag>
            )}
          </div>
          <ReportFigures
            figures={[
              {
                label: 'Solde du relevé',
                value: r.totaux.solde_releve,
                format: 'money',
                hint: 'montants − frais',
              },
              {
                label: 'Solde pointé',
                value: r.totaux.solde_pointe,
                format: 'money',
                hint: `${r.totaux.pointees} / ${n(r.totaux.lignes, 'ligne')} ${r.totaux.pointees > 1 ? 'pointées' : 'pointée'}`,
              },
              {
                label: 'Solde comptable',
                value: r.totaux.solde_comptable,
                format: 'money',
                hint: `compte ${r.compte}, du ${jour(r.date_debut)} au ${jour(r.date_fin)}`,
              },
              { label: 'Écart', value: r.totaux.ecart, format: 'money', hint: 'relevé − comptabilité' },
            ]}
          />
          <ReportSection
            label="Lignes du relevé"
            title={`${n(r.totaux.lignes, 'ligne')} : ${n(r.totaux.pointees, 'pointée')}, ${n(r.totaux.proposees, 'proposée')}, ${r.totaux.a_traiter} à traiter`}
          >
            <Table<LigneReleveOut>
              rowKey="id"
              size="small"
              loading={detail.isFetching && !detail.data}
              dataSource={r.lignes}
              columns={mobile ? [ligneMobile, colonnes[colonnes.length - 1]!] : colonnes}
              pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: 'Aucune ligne' }}
            />
          </ReportSection>
        </>
      )}
    </>
  );
}

async function pointerEnvoi(
  id: number,
  body: { mouvement_id?: number; creer?: 'frais'; annuler?: true },
  ligneId: number,
): Promise<RapprochementDetailOut> {
  return (await call(pointerLigneEndpoint, { params: { id, ligneId }, body }, { successToast: true })).data;
}
