import { formatNumber } from '@yams/shared';
import { useMemo } from 'react';
import { PATHS } from '../../../base/paths';
import { ChartCard } from '../../dashboard/Chart';
import { hbar } from '../../dashboard/dashboardOptions';
import { useRentabiliteTrajets, useRentabiliteVehicules } from '../../rentabilite/api';
import { type CustomWidget, type DashboardCtx, periode } from './types';

/** L/100 km of each vehicle over the period: litres bought over km read on the odometer. */
function ConsommationVehicules(ctx: DashboardCtx) {
  const { data } = useRentabiliteVehicules(periode(ctx));
  const rows = useMemo(() => {
    const par = new Map<string, { litres: number; km: number }>();
    for (const l of data?.lignes ?? []) {
      if (!l.km || l.litres <= 0) continue;
      const v = par.get(l.vehicule.plaque) ?? { litres: 0, km: 0 };
      v.litres += l.litres;
      v.km += l.km;
      par.set(l.vehicule.plaque, v);
    }
    return [...par]
      .map(([plaque, v]) => ({ plaque, l100: Math.round((v.litres / v.km) * 1000) / 10 }))
      .sort((a, b) => b.l100 - a.l100)
      .slice(0, 10);
  }, [data]);
  return (
    <ChartCard
      title="Consommation par véhicule (L/100 km)"
      name="consommation-vehicules"
      height={340}
      option={hbar(
        rows.map((r) => r.plaque),
        rows.map((r) => r.l100),
        'L/100 km',
        false,
        '#2f54eb',
      )}
      onClick={() => ctx.open(PATHS.carburant, {})}
    />
  );
}

/** The five trajets of best margin and the five of worst (fewer when the period has fewer than ten). */
function TrajetsMarge(ctx: DashboardCtx) {
  const { data } = useRentabiliteTrajets(periode(ctx));
  const rows = useMemo(() => {
    const all = (data?.lignes ?? []).filter((l) => l.id !== null);
    return all.length <= 10 ? all : [...all.slice(0, 5), ...all.slice(-5)];
  }, [data]);
  const option = hbar(
    rows.map((r) => r.libelle),
    rows.map((r) => r.marge),
    'Marge',
    true,
    '#389e0d',
  );
  return (
    <ChartCard
      title="Trajets : les 5 meilleures et les 5 plus faibles marges"
      name="trajets-marge"
      height={340}
      option={option}
      footer={data ? `${formatNumber(data.lignes.length)} trajets ${ctx.jours}` : null}
      onClick={() => ctx.open(PATHS['rentabilite.trajets'], ctx.periodOf())}
    />
  );
}

export const consommationVehicules: CustomWidget = {
  key: 'consommation-vehicules',
  kind: 'custom',
  span: 16,
  render: (ctx) => <ConsommationVehicules {...ctx} />,
};

export const trajetsMarge: CustomWidget = {
  key: 'trajets-marge',
  kind: 'custom',
  span: 24,
  render: (ctx) => <TrajetsMarge {...ctx} />,
};
