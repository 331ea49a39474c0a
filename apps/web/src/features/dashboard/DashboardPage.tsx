import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addDays,
  formatDate,
  formatMoney,
  PERIODE_DEFAUT,
  PERIODES,
  type Periode,
  statistiquesEndpoints,
  type TableauDeBord,
  todayInGabon,
  updateParametresEndpoint,
} from '@yams/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Popover,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call, type Query } from '../../base/http';
import { PATHS } from '../../base/paths';
import { useSession } from '../../base/session';
import { MoneyInput, type MoneyValue } from '../../components/form/MoneyInput';
import { PageTitle } from '../../components/PageTitle';
import { utilisateurs } from '../users/api';
import { ChartCard, type ChartClick } from './Chart';
import { downloadDashboard } from './dashboardExcel';
import {
  coursesOption,
  flotteOption,
  gaugeOption,
  maintenanceOption,
  paiementsOption,
  revenueOption,
  statusOption,
  topClientsOption,
  topDriversOption,
  typeOption,
} from './dashboardOptions';

const PERIODE_OPTIONS: Array<{ value: Periode | 'personnalisee'; label: string }> = [
  { value: 'jour', label: 'Jour' },
  { value: 'semaine', label: 'Semaine' },
  { value: 'mois', label: 'Mois' },
  { value: 'annee', label: 'Année' },
  { value: 'personnalisee', label: 'Personnalisée' },
];

/** The period and company, kept in the URL (`?periode=annee`, `?date_debut=…&date_fin=…`, `?entreprise=3`). */
function usePeriodState() {
  const [params, setParams] = useSearchParams();
  const periode = (PERIODES as readonly string[]).includes(params.get('periode') ?? '')
    ? (params.get('periode') as Periode)
    : PERIODE_DEFAUT;
  const debut = params.get('date_debut') ?? '';
  const fin = params.get('date_fin') ?? '';
  const custom = Boolean(debut && fin);
  const entreprise = params.get('entreprise') ?? '';
  const query: Query = custom ? { date_debut: debut, date_fin: fin } : { periode };
  if (entreprise) query.entreprise = entreprise;
  const set = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  return { periode, debut, fin, custom, entreprise, query, set };
}

function Trend({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">Nouveau</Typography.Text>;
  if (value === 0) return <Typography.Text type="secondary">= 0 %</Typography.Text>;
  const up = value > 0;
  return (
    <Typography.Text style={{ color: up ? '#389e0d' : '#cf1322' }}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(value).toLocaleString('fr-FR')} %
    </Typography.Text>
  );
}

function Kpi({
  title,
  value,
  trend,
  money,
  compare,
  counts,
}: {
  title: string;
  value: number;
  trend: number | null;
  money?: boolean;
  compare: string;
  /** What the figure counts, in words: « chargées du 01/11 au 27/11, hors annulées ». */
  counts: string;
}) {
  return (
    <Card size="small" data-kpi={title}>
      <Statistic
        title={title}
        value={value}
        formatter={(v) => (money ? formatMoney(Number(v)) : Number(v).toLocaleString('de-DE'))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {counts}
      </Typography.Text>
      <div style={{ marginTop: 4, fontSize: 13 }}>
        <Trend value={trend} /> <Typography.Text type="secondary">{compare}</Typography.Text>
      </div>
    </Card>
  );
}

/** Edits the monthly target of one company from the gauge. */
function TargetEditor({ entreprise, objectif }: { entreprise: string; objectif: number }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<MoneyValue>(objectif);
  const save = useMutation({
    mutationFn: (objectif_mensuel: number) =>
      call(
        updateParametresEndpoint,
        { query: { entreprise }, body: { objectif_mensuel } },
        { successToast: true },
      ),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['statistiques'] });
      void queryClient.invalidateQueries({ queryKey: ['entreprise-parametres'] });
    },
  });
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setValue(objectif);
      }}
      trigger="click"
      title="Objectif mensuel (FCFA)"
      content={
        <Space.Compact>
          <MoneyInput
            aria-label="Objectif mensuel"
            value={value}
            onChange={setValue}
            style={{ width: 180 }}
            suffix={null}
          />
          <Button
            type="primary"
            loading={save.isPending}
            // What cannot be read is never saved as another number: the field says why (its tooltip).
            disabled={typeof value === 'string'}
            onClick={() => typeof value !== 'string' && save.mutate(value ?? 0)}
          >
            Enregistrer
          </Button>
        </Space.Compact>
      }
    >
      <Button type="text" size="small" icon={<EditOutlined />} aria-label="Modifier l'objectif mensuel" />
    </Popover>
  );
}

/** Tableau de bord: KPIs with their trends and the charts of the period, each opening its filtered list. */
export default function DashboardPage() {
  const session = useSession();
  const superadmin = session?.user.type === 'superadmin';
  const navigate = useNavigate();
  const state = usePeriodState();
  const [exporting, setExporting] = useState(false);

  const stats = useQuery({
    queryKey: ['statistiques', 'tableau-de-bord', state.query],
    queryFn: async ({ signal }) =>
      (await call(statistiquesEndpoints.tableauDeBord, { query: state.query }, { signal })).data,
    placeholderData: (prev) => prev,
  });
  const companies = useQuery({
    queryKey: ['options', utilisateurs.path, 'entreprises'],
    queryFn: async ({ signal }) => utilisateurs.fetchAll({ type: 'transporteur', limit: 1000 }, { signal }),
    enabled: superadmin,
    staleTime: 5 * 60_000,
  });

  const d = stats.data;
  const options = useMemo(
    () =>
      d && {
        revenue: revenueOption(d),
        courses: coursesOption(d),
        type: typeOption(d),
        status: statusOption(d),
        paiements: paiementsOption(d),
        clients: topClientsOption(d),
        drivers: topDriversOption(d),
        flotte: flotteOption(d),
        maintenance: maintenanceOption(d),
        gauge: gaugeOption(d),
      },
    [d],
  );

  // A click opens the list behind the figure, filtered on it, on the period and on the company shown.
  const open = (path: string, filters: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ entreprise: state.entreprise, ...filters }))
      if (v !== undefined && v !== '') p.set(k, String(v));
    navigate(`${path}?${p.toString()}`);
  };
  const periodOf = (debut?: string, fin?: string) => ({
    date_debut: debut ?? d?.kpis.periode.debut,
    date_fin: fin ?? d?.kpis.periode.fin,
  });
  const onSerie = (series: TableauDeBord['coursesCount']) => (e: ChartClick) => {
    const p = series[e.dataIndex];
    if (p) open(PATHS.courses, periodOf(p.debut, p.fin));
  };

  // 'vs 01/10–23/10', with the year when the compared days are in another year.
  const short = (day: string) =>
    day.slice(0, 4) === d?.kpis.periode.debut.slice(0, 4)
      ? `${day.slice(8, 10)}/${day.slice(5, 7)}`
      : formatDate(day);
  const cmp = d?.kpis.comparaison.bornes;
  const compare = cmp
    ? `vs ${short(cmp.precedent.debut)}${cmp.precedent.fin !== cmp.precedent.debut ? `–${short(cmp.precedent.fin)}` : ''}`
    : '';
  // The days the cards count (the period up to today, the trend's own).
  const jours = cmp
    ? `du ${short(cmp.courant.debut)}${cmp.courant.fin !== cmp.courant.debut ? ` au ${short(cmp.courant.fin)}` : ''}`
    : '';
  const annulees = d?.kpis.coursesAnnulees ?? 0;
  const prevues = d?.kpis.coursesPrevues ?? 0;
  const coursesCounts = [
    `chargées ${jours}, hors annulées${annulees ? ` (${annulees.toLocaleString('de-DE')})` : ''}`,
    prevues ? `${prevues.toLocaleString('de-DE')} prévue${prevues > 1 ? 's' : ''} ensuite` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const periodeLabel = d ? `du ${formatDate(d.kpis.periode.debut)} au ${formatDate(d.kpis.periode.fin)}` : '';
  const companyName = superadmin
    ? state.entreprise
      ? (companies.data?.find((c) => String(c.id) === state.entreprise)?.nom_complet ?? '')
      : 'Toutes les entreprises'
    : '';

  const exportExcel = async () => {
    if (!d) return;
    setExporting(true);
    try {
      await downloadDashboard(
        d,
        `Tableau de bord ${companyName} ${periodeLabel}`.replace(/\s+/g, ' ').trim(),
        `tableau-de-bord-${d.kpis.periode.debut}-${d.kpis.periode.fin}`,
      );
    } finally {
      setExporting(false);
    }
  };

  const col = (node: ReactNode, lg = 12) => (
    <Col xs={24} lg={lg}>
      {node}
    </Col>
  );

  return (
    <section>
      <PageTitle
        title="Tableau de bord"
        extra={
          <Button icon={<FileExcelOutlined />} onClick={exportExcel} loading={exporting} disabled={!d}>
            Exporter en Excel
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }} align="center">
        <Segmented
          aria-label="Période"
          value={state.custom ? 'personnalisee' : state.periode}
          options={PERIODE_OPTIONS}
          onChange={(v) => {
            if (v === 'personnalisee') {
              // The last 30 days, Libreville time.
              const fin = todayInGabon();
              state.set({ date_debut: addDays(fin, -29), date_fin: fin, periode: null });
            } else state.set({ periode: v as string, date_debut: null, date_fin: null });
          }}
        />
        {state.custom && (
          <DatePicker.RangePicker
            aria-label="Période personnalisée"
            format="DD/MM/YYYY"
            allowClear={false}
            value={[dayjs(state.debut), dayjs(state.fin)]}
            onChange={(v) => {
              if (v?.[0] && v[1])
                state.set({ date_debut: v[0].format('YYYY-MM-DD'), date_fin: v[1].format('YYYY-MM-DD') });
            }}
          />
        )}
        {superadmin && (
          <Select
            aria-label="Entreprise"
            style={{ minWidth: 240 }}
            showSearch
            optionFilterProp="label"
            value={state.entreprise || ''}
            loading={companies.isLoading}
            onChange={(v) => state.set({ entreprise: v ? String(v) : null })}
            options={[
              { value: '', label: 'Toutes les entreprises' },
              ...(companies.data ?? [])
                .filter((c) => c.entreprise_id === null || c.entreprise_id === c.id)
                .map((c) => ({ value: String(c.id), label: c.nom_complet ?? c.name })),
            ]}
          />
        )}
        {d && <Typography.Text type="secondary">{periodeLabel}</Typography.Text>}
      </Space>

      {stats.isError && !d && (
        <Alert type="error" showIcon message="Les statistiques n'ont pas pu être chargées." />
      )}
      {!d || !options ? (
        stats.isError ? null : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )
      ) : (
        <div style={{ opacity: stats.isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
          <Row gutter={[16, 16]}>
            <Col xs={12} lg={6}>
              <Kpi
                title="Courses"
                value={d.kpis.coursesCount}
                trend={d.kpis.tendances.coursesCount}
                compare={compare}
                counts={coursesCounts}
              />
            </Col>
            <Col xs={12} lg={6}>
              <Kpi
                title="Chiffre d'affaires"
                value={d.kpis.chiffreAffaires}
                trend={d.kpis.tendances.chiffreAffaires}
                compare={compare}
                counts={`courses chargées ${jours}, hors annulées`}
                money
              />
            </Col>
            <Col xs={12} lg={6}>
              <Kpi
                title="Clients"
                value={d.kpis.clientsCount}
                trend={d.kpis.tendances.clientsCount}
                compare={compare}
                counts={`servis ${jours}`}
              />
            </Col>
            <Col xs={12} lg={6}>
              <Kpi
                title="Chauffeurs"
                value={d.kpis.driversCount}
                trend={d.kpis.tendances.driversCount}
                compare={compare}
                counts={`ayant roulé ${jours}`}
              />
            </Col>
            {col(
              <ChartCard
                title="Chiffre d'affaires"
                name="chiffre-affaires"
                option={options.revenue}
                onClick={onSerie(d.chiffreAffaires)}
              />,
              16,
            )}
            {col(
              <ChartCard
                title="Objectif mensuel"
                name="objectif-mensuel"
                option={options.gauge}
                extra={
                  (!superadmin || state.entreprise) && (
                    <TargetEditor entreprise={state.entreprise} objectif={d.objectif.objectif} />
                  )
                }
                // No target: the card says so once (not also 'Aucune donnée disponible'); the pencil sets one.
                emptyText="Aucun objectif mensuel défini"
                footer={
                  d.objectif.objectif ? (
                    <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center' }}>
                      {`${formatMoney(d.objectif.realise)} sur ${formatMoney(d.objectif.objectif)}, ${(d.objectif.taux ?? 0).toLocaleString('fr-FR')} % (${dayjs(`${d.objectif.mois}-01`).format('MMMM YYYY')})`}
                    </Typography.Text>
                  ) : null
                }
                onClick={() => {
                  const debut = `${d.objectif.mois}-01`;
                  open(PATHS.courses, {
                    date_debut: debut,
                    date_fin: dayjs(debut).endOf('month').format('YYYY-MM-DD'),
                  });
                }}
              />,
              8,
            )}
            {col(
              <ChartCard
                title="Courses par jour"
                name="courses-par-jour"
                option={options.courses}
                onClick={onSerie(d.coursesCount)}
              />,
            )}
            {col(
              <ChartCard
                title="Courses par statut"
                name="courses-par-statut"
                option={options.status}
                onClick={(e) => {
                  const t = d.statutsSerie.tranches[e.dataIndex];
                  if (t && e.seriesName)
                    open(PATHS.courses, { statut: e.seriesName, ...periodOf(t.debut, t.fin) });
                }}
              />,
            )}
            {col(
              <ChartCard
                title="Courses par type"
                name="courses-par-type"
                option={options.type}
                onClick={(e) => open(PATHS.courses, { type: e.name, ...periodOf() })}
              />,
            )}
            {col(
              <ChartCard
                title="Paiements par mode"
                name="paiements-par-mode"
                option={options.paiements}
                onClick={(e) => open(PATHS.paiements, { mode: e.name, statut: 'Validé', ...periodOf() })}
              />,
            )}
            {col(
              <ChartCard
                title="Top 10 Clients"
                name="top-clients"
                option={options.clients}
                height={340}
                onClick={(e) =>
                  open(PATHS.courses, { client: d.topClients[e.dataIndex]?.client_id, ...periodOf() })
                }
              />,
            )}
            {col(
              <ChartCard
                title="Top 10 Chauffeurs"
                name="top-chauffeurs"
                option={options.drivers}
                height={340}
                onClick={(e) =>
                  open(PATHS.courses, { chauffeur: d.topDrivers[e.dataIndex]?.chauffeur_id, ...periodOf() })
                }
              />,
            )}
            {col(
              <ChartCard
                title="Utilisation de la flotte"
                name="utilisation-flotte"
                option={options.flotte}
                onClick={(e) => {
                  const r = d.utilisationFlotte[e.dataIndex];
                  if (r) open(PATHS.vehicules, { type: r.type_vehicule_id ?? undefined });
                }}
              />,
            )}
            {col(
              <ChartCard
                title="Coût de maintenance par véhicule"
                name="cout-maintenance"
                option={options.maintenance}
                height={340}
                onClick={(e) =>
                  open(PATHS.interventions, {
                    vehicule: d.coutMaintenance[e.dataIndex]?.vehicule_id,
                    statut: 'Confirmé',
                    ...periodOf(),
                  })
                }
              />,
            )}
          </Row>
        </div>
      )}
    </section>
  );
}
