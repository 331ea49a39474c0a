import { formatMoney, formatNumber, OBJECTIF_SEUILS, TAG_COLORS, type TableauDeBord } from '@yams/shared';
import type { EChartsOption } from './echarts';

// The ECharts options of each chart of the dashboard, built from the API's figures (pure functions).
// A chart with nothing to show gets null: the card says 'Aucune donnée disponible'.

/** Ant Design's preset colours, by the names the list tags use (packages/shared `TAG_COLORS`). */
const PRESET_HEX: Record<string, string> = {
  default: '#8c8c8c',
  blue: '#1677ff',
  cyan: '#13c2c2',
  green: '#52c41a',
  orange: '#fa8c16',
  red: '#f5222d',
  gold: '#faad14',
  purple: '#722ed1',
  geekblue: '#2f54eb',
};
/** Statuses the original's dashboard coloured that are not states of our course lifecycle. */
const AUTRES_STATUTS: Record<string, string> = { 'En cours': 'geekblue', Planifié: 'purple' };
export const STATUT_INCONNU = '#bfbfbf';

/** A course status's colour in the charts: the colour of its tag in the Courses list. */
export function statusColor(status: string): string {
  const preset = (TAG_COLORS.course as Record<string, string>)[status] ?? AUTRES_STATUTS[status];
  return (preset && PRESET_HEX[preset]) ?? STATUT_INCONNU;
}
const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1', '#fa541c', '#a0d911'];

const money = (v: unknown) => formatMoney(Number(v));
/** `1,2 M` on axes, so a long amount never hides the chart on a phone. */
export function shortMoney(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1e9) return `${formatNumber(v / 1e9, 1)} Md`;
  if (abs >= 1e6) return `${formatNumber(v / 1e6, 1)} M`;
  if (abs >= 1e3) return `${formatNumber(v / 1e3)} k`;
  return String(v);
}
const grid = { left: 8, right: 16, top: 24, bottom: 8, containLabel: true };

/**
 * A series' values, null (nothing drawn) for the buckets that start after the days compared: a period still
 * running stops at today instead of falling to 0 over the days to come.
 */
export function seriesValues(
  d: TableauDeBord,
  serie: TableauDeBord['chiffreAffaires'],
): Array<number | null> {
  const end = d.kpis.comparaison.bornes.courant.fin;
  return serie.map((p) => (p.debut > end ? null : p.value));
}

export function revenueOption(d: TableauDeBord): EChartsOption | null {
  const values = seriesValues(d, d.chiffreAffaires);
  if (!values.some((v) => v)) return null;
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: money },
    xAxis: { type: 'category', data: d.chiffreAffaires.map((p) => p.label), boundaryGap: false },
    yAxis: { type: 'value', axisLabel: { formatter: shortMoney } },
    series: [
      {
        name: "Chiffre d'affaires",
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.15 },
        symbolSize: 7,
        data: values,
      },
    ],
  };
}

export function coursesOption(d: TableauDeBord): EChartsOption | null {
  const values = seriesValues(d, d.coursesCount);
  if (!values.some((v) => v)) return null;
  return {
    grid,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: d.coursesCount.map((p) => p.label) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: 'Courses', type: 'bar', data: values, itemStyle: { color: '#1677ff' } }],
  };
}

function pie(name: string, data: Array<{ name: string; value: number; color?: string }>, isMoney: boolean) {
  if (!data.some((x) => x.value > 0)) return null;
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}<br/>${isMoney ? money(p.value) : p.value} (${formatNumber(p.percent, 1)} %)`,
    },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        name,
        type: 'pie',
        // Small enough that the percentages fit beside the ring on a 390 px phone (larger, they end in '…').
        radius: ['30%', '52%'],
        labelLine: { length: 8, length2: 8 },
        center: ['50%', '45%'],
        label: {
          formatter: (p: { percent: number }) => `${formatNumber(p.percent, 1)} %`,
        },
        data: data.map((x, i) => ({
          name: x.name,
          value: x.value,
          itemStyle: { color: x.color ?? PALETTE[i % PALETTE.length] },
        })),
      },
    ],
  } satisfies EChartsOption;
}

export const typeOption = (d: TableauDeBord) =>
  pie(
    'Courses par type',
    d.repartitionByType.map((x) => ({ name: x.type, value: x.count })),
    false,
  );

export const paiementsOption = (d: TableauDeBord) =>
  pie(
    'Paiements par mode',
    d.paiementsByMode.map((x) => ({ name: x.mode, value: x.montant })),
    true,
  );

export function statusOption(d: TableauDeBord): EChartsOption | null {
  const { tranches, series } = d.statutsSerie;
  if (!series.length) return null;
  const end = d.kpis.comparaison.bornes.courant.fin;
  return {
    grid: { ...grid, bottom: 40 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0, type: 'scroll' },
    xAxis: { type: 'category', data: tranches.map((t) => t.label) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({
      name: s.status,
      type: 'bar',
      stack: 'statuts',
      data: s.values.map((v, i) => (tranches[i]!.debut > end ? null : v)),
      itemStyle: { color: statusColor(s.status) },
    })),
  };
}

export function hbar(labels: string[], values: number[], name: string, isMoney: boolean, color: string) {
  if (!values.length) return null;
  return {
    grid: { ...grid, left: 8 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: isMoney ? money : undefined,
    },
    xAxis: { type: 'value', axisLabel: isMoney ? { formatter: shortMoney } : undefined, minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: labels,
      axisLabel: { width: 110, overflow: 'truncate' },
    },
    series: [{ name, type: 'bar', data: values, itemStyle: { color }, barMaxWidth: 24 }],
  } satisfies EChartsOption;
}

export const topClientsOption = (d: TableauDeBord) =>
  hbar(
    d.topClients.map((x) => x.nomClient),
    d.topClients.map((x) => x.montant),
    'Montant',
    true,
    '#52c41a',
  );

export const topDriversOption = (d: TableauDeBord) =>
  hbar(
    d.topDrivers.map((x) => x.nomChauffeur),
    d.topDrivers.map((x) => x.coursesCount),
    'Courses',
    false,
    '#722ed1',
  );

export const maintenanceOption = (d: TableauDeBord) =>
  hbar(
    d.coutMaintenance.map((x) => x.plaque),
    d.coutMaintenance.map((x) => x.montant),
    'Coût',
    true,
    '#fa541c',
  );

export function flotteOption(d: TableauDeBord): EChartsOption | null {
  const rows = d.utilisationFlotte;
  if (!rows.length) return null;
  return {
    grid,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (ps: Array<{ dataIndex: number }>) => {
        const r = rows[ps[0]!.dataIndex]!;
        return `${r.type} (${r.vehicules} véhicule${r.vehicules > 1 ? 's' : ''})<br/>${formatNumber(r.taux, 2)} % · ${formatNumber(r.jours_en_course)} j en course sur ${r.jours_disponibles} j`;
      },
    },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.type),
      axisLabel: { interval: 0, rotate: rows.length > 4 ? 30 : 0 },
    },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      { name: 'Utilisation', type: 'bar', data: rows.map((r) => r.taux), itemStyle: { color: '#13c2c2' } },
    ],
  };
}

/** Colour of the target gauge for a share of the target (thresholds 33, 66, 100 %). */
export function gaugeColor(taux: number): string {
  if (taux < OBJECTIF_SEUILS[0]) return '#ff4d4f';
  if (taux < OBJECTIF_SEUILS[1]) return '#faad14';
  if (taux < OBJECTIF_SEUILS[2]) return '#1677ff';
  return '#52c41a';
}

export function gaugeOption(d: TableauDeBord): EChartsOption | null {
  const o = d.objectif;
  if (!o.objectif) return null;
  const taux = o.taux ?? 0;
  return {
    series: [
      {
        name: 'Objectif mensuel',
        type: 'gauge',
        min: 0,
        max: 100,
        progress: { show: true, width: 14, itemStyle: { color: gaugeColor(taux) } },
        axisLine: {
          lineStyle: {
            width: 14,
            color: [
              [OBJECTIF_SEUILS[0] / 100, '#ffccc7'],
              [OBJECTIF_SEUILS[1] / 100, '#ffe7ba'],
              [1, '#d9f7be'],
            ],
          },
        },
        pointer: { width: 4, itemStyle: { color: gaugeColor(taux) } },
        axisTick: { show: false },
        splitLine: { length: 8 },
        axisLabel: { distance: 18, formatter: '{value} %' },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, '70%'],
          fontSize: 22,
          formatter: () => `${formatNumber(taux, 2)} %`,
        },
        data: [{ value: Math.min(taux, 100), name: '' }],
      },
    ],
  };
}
