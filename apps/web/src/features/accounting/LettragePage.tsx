import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPTE_LIBELLES,
  COMPTES_LETTRABLES,
  delettrerEndpoint,
  formatMoney,
  JOURNAL_ENTREPRISE,
  type LigneLettrageOut,
  lettrageEndpoint,
  lettrerEndpoint,
} from '@yams/shared';
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { call } from '../../base/http';
import { DateText } from '../../components/DateText';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { FilterPanel } from '../../components/list/FilterPanel';
import type { FilterValues } from '../../components/list/filterState';
import { isSuperadmin } from '../../components/list/tenant';
import type { FilterDecl } from '../../components/list/types';
import { Money } from '../../components/Money';
import { PageTitle } from '../../components/PageTitle';
import { useIsMobile } from '../../components/useIsMobile';

// Lettrage: the lines of the clients (411), their advances (4191) and the suppliers (401), per third party,
// open or matched. Open lines that balance are selected and given one letter; a letter is undone from any
// of its lines. The API decides (packages/shared `lettrerEndpoint`); this screen shows the selection's
// debit, credit and difference so the button is offered only when they balance.

const STORAGE = 'yams.filters:/comptabilite/lettrage';
const LABELS = { compte: 'Compte', tiers: 'Tiers', etat: 'État' };
const DEFAUT: FilterValues = { compte: '411', etat: 'ouvertes' };

function loadFiltres(): FilterValues {
  try {
    const raw = localStorage.getItem(STORAGE);
    return raw ? { ...DEFAUT, ...(JSON.parse(raw) as FilterValues) } : DEFAUT;
  } catch {
    return DEFAUT;
  }
}

export default function LettragePage() {
  const mobile = useIsMobile();
  const superadmin = isSuperadmin();
  const queryClient = useQueryClient();
  const [filtres, setFiltres] = useState<FilterValues>(loadFiltres);
  const [entreprise, setEntreprise] = useState<number | undefined>();
  const [selection, setSelection] = useState<number[]>([]);
  const [envoi, setEnvoi] = useState(false);
  const compte = filtres.compte || '411';
  const pret = !superadmin || entreprise !== undefined;

  const query = {
    compte,
    tiers: filtres.tiers || undefined,
    etat: filtres.etat || undefined,
    entreprise,
  };
  const lignes = useQuery({
    queryKey: ['lettrage', query],
    enabled: pret,
    queryFn: async ({ signal }) => (await call(lettrageEndpoint, { query }, { signal })).data,
  });
  const rows = lignes.data ?? [];

  // The third parties of the account, from every line of it (whatever the tiers filter).
  const tousTiers = useQuery({
    queryKey: ['lettrage', 'tiers', compte, entreprise],
    enabled: pret,
    queryFn: async ({ signal }) =>
      (await call(lettrageEndpoint, { query: { compte, entreprise } }, { signal })).data,
  });
  const filters: FilterDecl[] = useMemo(() => {
    const tiers = new Map<number, string>();
    for (const l of tousTiers.data ?? []) if (l.tiers_id) tiers.set(l.tiers_id, l.tiers ?? `n°${l.tiers_id}`);
    return [
      {
        type: 'select',
        name: 'compte',
        options: COMPTES_LETTRABLES.map((c) => ({ value: c, label: `${c} ${COMPTE_LIBELLES[c]}` })),
      },
      {
        type: 'select',
        name: 'tiers',
        options: [...tiers]
          .sort((a, b) => a[1].localeCompare(b[1], 'fr'))
          .map(([id, nom]) => ({ value: String(id), label: nom })),
      },
      {
        type: 'select',
        name: 'etat',
        options: [
          { value: 'ouvertes', label: 'Ouvertes' },
          { value: 'lettrees', label: 'Lettrées' },
        ],
      },
    ];
  }, [tousTiers.data]);

  const choisies = rows.filter((r) => selection.includes(r.id));
  const debit = choisies.reduce((s, l) => s + l.debit, 0);
  const credit = choisies.reduce((s, l) => s + l.credit, 0);
  const equilibre = choisies.length >= 2 && debit === credit && debit > 0;

  const rafraichir = async () => {
    setSelection([]);
    await queryClient.invalidateQueries({ queryKey: ['lettrage'] });
  };
  const lettrer = async () => {
    setEnvoi(true);
    try {
      await call(
        lettrerEndpoint,
        { body: { lignes: selection }, query: { entreprise } },
        { successToast: true },
      );
      await rafraichir();
    } finally {
      setEnvoi(false);
    }
  };
  const delettrer = async (lettrage: number) => {
    await call(delettrerEndpoint, { body: { lettrage }, query: { entreprise } }, { successToast: true });
    await rafraichir();
  };
  const appliquer = (values: FilterValues) => {
    const next: FilterValues = { ...values, compte: values.compte || '411' };
    if (next.compte !== compte) next.tiers = '';
    setFiltres(next);
    setSelection([]);
    localStorage.setItem(STORAGE, JSON.stringify(next));
  };

  const columns: ColumnsType<LigneLettrageOut> = [
    { key: 'date', title: 'Date', width: 104, render: (_, l) => <DateText value={l.date_operation} /> },
    ...(mobile
      ? []
      : [
          { key: 'journal', title: 'Journal', dataIndex: 'journal', width: 110 },
          { key: 'piece', title: 'Pièce', dataIndex: 'piece', width: 150 },
        ]),
    {
      key: 'tiers',
      title: 'Tiers',
      dataIndex: 'tiers',
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    ...(mobile ? [] : [{ key: 'libelle', title: 'Libellé', dataIndex: 'libelle', ellipsis: true }]),
    {
      key: 'debit',
      title: 'Débit',
      align: 'right',
      width: 130,
      render: (_, l) => (l.debit ? <Money value={l.debit} /> : ''),
    },
    {
      key: 'credit',
      title: 'Crédit',
      align: 'right',
      width: 130,
      render: (_, l) => (l.credit ? <Money value={l.credit} /> : ''),
    },
    {
      key: 'lettre',
      title: 'Lettre',
      width: mobile ? 70 : 120,
      render: (_, l) =>
        l.lettrage === null ? (
          <Typography.Text type="secondary">Ouverte</Typography.Text>
        ) : (
          <Popconfirm
            title={`Délettrer « ${l.code} » ?`}
            description="Toutes les lignes de cette lettre redeviennent ouvertes."
            okText="Délettrer"
            cancelText="Annuler"
            onConfirm={() => delettrer(l.lettrage!)}
          >
            <Button size="small" aria-label={`Lettre ${l.code} : délettrer`}>
              <Tag color="green" style={{ margin: 0 }}>
                {l.code}
              </Tag>
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <>
      <PageTitle
        title="Lettrage"
        extra={
          superadmin ? (
            <EntrepriseSelect
              value={entreprise}
              onChange={(v) => {
                setEntreprise(v as number | undefined);
                setSelection([]);
              }}
            />
          ) : undefined
        }
      />
      {!pret && <Alert type="info" showIcon title={JOURNAL_ENTREPRISE} style={{ marginBottom: 16 }} />}
      <FilterPanel filters={filters} labels={LABELS} values={filtres} onApply={appliquer} />
      {lignes.isError && (
        <Alert type="error" showIcon title="Impossible de charger les lignes." style={{ marginBottom: 16 }} />
      )}
      <Alert
        type={choisies.length === 0 ? 'info' : equilibre ? 'success' : 'warning'}
        style={{ marginBottom: 12 }}
        title={
          choisies.length === 0
            ? 'Sélectionnez des lignes ouvertes du même tiers dont les débits égalent les crédits.'
            : `${choisies.length} ligne${choisies.length > 1 ? 's' : ''} : ${formatMoney(debit)} au débit, ${formatMoney(credit)} au crédit${equilibre ? '' : `, écart ${formatMoney(Math.abs(debit - credit))}`}.`
        }
        action={
          <Space>
            <Button type="primary" disabled={!equilibre} loading={envoi} onClick={lettrer}>
              Lettrer
            </Button>
          </Space>
        }
      />
      <Table<LigneLettrageOut>
        rowKey="id"
        size="small"
        loading={lignes.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: mobile ? 560 : undefined }}
        locale={{ emptyText: 'Aucune ligne' }}
        rowSelection={{
          selectedRowKeys: selection,
          onChange: (keys) => setSelection(keys as number[]),
          getCheckboxProps: (l) => ({
            disabled: l.lettrage !== null,
            'aria-label': `Sélectionner la ligne du ${l.date_operation} (${l.libelle})`,
          }),
        }}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={mobile ? 3 : 6}>
                Solde des lignes affichées
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} colSpan={3} align="right">
                <Money value={rows.reduce((s, l) => s + l.debit - l.credit, 0)} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}
