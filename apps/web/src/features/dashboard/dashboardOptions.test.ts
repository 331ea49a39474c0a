import { COURSE_STATUTS, type TableauDeBord } from '@yams/shared';
import { describe, expect, it } from 'vitest';
import {
  coursesOption,
  flotteOption,
  gaugeColor,
  gaugeOption,
  maintenanceOption,
  paiementsOption,
  revenueOption,
  STATUT_INCONNU,
  statusColor,
  statusOption,
  topClientsOption,
  topDriversOption,
  typeOption,
} from './dashboardOptions';

// The charts' options built from the API's figures: colours, amounts in FCFA, and the empty state.

const point = (label: string, value: number) => ({ label, value, debut: '2026-11-01', fin: '2026-11-01' });
const kpis = { coursesCount: 0, coursesAnnulees: 0, chiffreAffaires: 0, clientsCount: 0, driversCount: 0 };
const bornes = { debut: '2026-11-01', fin: '2026-11-30' };

function board(over: Partial<TableauDeBord> = {}): TableauDeBord {
  return {
    kpis: {
      ...kpis,
      coursesPrevues: 0,
      comparaison: { courant: kpis, precedent: kpis, bornes: { courant: bornes, precedent: bornes } },
      tendances: { coursesCount: 0, chiffreAffaires: 0, clientsCount: 0, driversCount: 0 },
      periode: { periode: 'mois', ...bornes, grain: 'jour', precedent: bornes },
    },
    chiffreAffaires: [point('01/11', 0), point('02/11', 0)],
    coursesCount: [point('01/11', 0), point('02/11', 0)],
    topClients: [],
    topDrivers: [],
    repartitionByType: [],
    repartitionByStatus: [],
    statutsSerie: { tranches: [{ label: '01/11', ...bornes }], series: [] },
    paiementsByMode: [],
    utilisationFlotte: [],
    coutMaintenance: [],
    objectif: { mois: '2026-11', objectif: 0, realise: 0, taux: null },
    ...over,
  };
}

type Fn = (v: unknown) => string;
// biome-ignore lint/suspicious/noExplicitAny: ECharts options are read loosely
const opt = (o: unknown) => o as any;

describe('status colours', () => {
  const statuses = [...COURSE_STATUTS, 'En cours', 'Planifié'];

  it('every status of the lifecycle, and the original’s En cours and Planifié, has its own colour', () => {
    const colours = statuses.map(statusColor);
    for (const [i, s] of statuses.entries()) expect(colours[i], s).not.toBe(STATUT_INCONNU);
    expect(new Set(colours).size).toBe(statuses.length);
    // The colour of its tag in the Courses list.
    expect(statusColor('Annulé')).toBe('#f5222d');
    expect(statusColor('Terminé')).toBe('#52c41a');
    expect(statusColor('Transport en cours')).toBe('#1677ff');
  });

  it('the stacked bars draw each status in its colour', () => {
    const o = opt(
      statusOption(
        board({
          statutsSerie: {
            tranches: [{ label: '01/11', ...bornes }],
            series: statuses.map((status) => ({ status, values: [1] })),
          },
        }),
      ),
    );
    expect(o.series.map((s: { name: string }) => s.name)).toEqual(statuses);
    for (const s of o.series) {
      expect(s.stack).toBe('statuts');
      expect(s.itemStyle.color).toBe(statusColor(s.name));
    }
  });
});

describe('amounts', () => {
  it('are shown in FCFA with German grouping, never in euros', () => {
    const d = board({
      chiffreAffaires: [point('01/11', 1_234_567), point('02/11', 0)],
      paiementsByMode: [{ mode: 'Espèces', count: 2, montant: 1_234_567 }],
      topClients: [{ client_id: 1, nomClient: 'SEEG', montant: 1_234_567, coursesCount: 3 }],
      coutMaintenance: [{ vehicule_id: 1, plaque: 'GA-123-AB', montant: 1_234_567, interventions: 2 }],
    });
    expect((opt(revenueOption(d)).tooltip.valueFormatter as Fn)(1_234_567)).toBe('1.234.567 FCFA');
    expect((opt(topClientsOption(d)).tooltip.valueFormatter as Fn)(1_234_567)).toBe('1.234.567 FCFA');
    expect((opt(maintenanceOption(d)).tooltip.valueFormatter as Fn)(1_234_567)).toBe('1.234.567 FCFA');
    const pie = opt(paiementsOption(d)).tooltip.formatter({
      name: 'Espèces',
      value: 1_234_567,
      percent: 100,
    });
    expect(pie).toBe('Espèces<br/>1.234.567 FCFA (100 %)');
    expect(JSON.stringify([revenueOption(d), paiementsOption(d), topClientsOption(d)])).not.toMatch(/€|EUR/);
  });
});

describe('empty figures', () => {
  it('give no chart, so the card says « Aucune donnée disponible »', () => {
    const d = board();
    for (const build of [
      revenueOption,
      coursesOption,
      typeOption,
      statusOption,
      paiementsOption,
      topClientsOption,
      topDriversOption,
      flotteOption,
      maintenanceOption,
      gaugeOption,
    ]) {
      expect(build(d), build.name).toBeNull();
    }
  });
});

describe('a period still running', () => {
  it('draws its series up to today, not down to 0 over the days to come', () => {
    const day = (n: number, value: number) => ({
      label: `${n}/11`,
      value,
      debut: `2026-11-${n}`,
      fin: `2026-11-${n}`,
    });
    const serie = [day(22, 5), day(23, 3), day(24, 0), day(30, 0)];
    const today = { debut: '2026-11-01', fin: '2026-11-23' };
    const base = board();
    const d = board({
      kpis: {
        ...base.kpis,
        comparaison: { ...base.kpis.comparaison, bornes: { courant: today, precedent: today } },
      },
      chiffreAffaires: serie,
      coursesCount: serie,
    });
    expect(opt(revenueOption(d)).series[0].data).toEqual([5, 3, null, null]);
    expect(opt(coursesOption(d)).series[0].data).toEqual([5, 3, null, null]);
    const statuts = board({
      kpis: d.kpis,
      statutsSerie: {
        tranches: serie.map(({ label, debut, fin }) => ({ label, debut, fin })),
        series: [{ status: 'Terminé', values: [5, 3, 0, 0] }],
      },
    });
    expect(opt(statusOption(statuts)).series[0].data).toEqual([5, 3, null, null]);
    // A finished period (its compared days are all of it) keeps its zeros.
    const past = board({ chiffreAffaires: [point('01/11', 4), point('02/11', 0)] });
    expect(opt(revenueOption(past)).series[0].data).toEqual([4, 0]);
  });
});

describe('monthly target gauge', () => {
  it('changes colour at 33, 66 and 100 % of the target', () => {
    expect(gaugeColor(0)).toBe('#ff4d4f');
    expect(gaugeColor(32.9)).toBe('#ff4d4f');
    expect(gaugeColor(33)).toBe('#faad14');
    expect(gaugeColor(65.9)).toBe('#faad14');
    expect(gaugeColor(66)).toBe('#1677ff');
    expect(gaugeColor(99.9)).toBe('#1677ff');
    expect(gaugeColor(100)).toBe('#52c41a');
    expect(gaugeColor(180)).toBe('#52c41a');
  });

  it('shows the share of the target reached, the needle stopping at 100 %', () => {
    const o = opt(
      gaugeOption(board({ objectif: { mois: '2026-11', objectif: 1_000, realise: 1_250, taux: 125 } })),
    );
    expect(o.series[0].data[0].value).toBe(100);
    expect(o.series[0].detail.formatter()).toBe('125 %');
    expect(o.series[0].progress.itemStyle.color).toBe('#52c41a');
  });
});
