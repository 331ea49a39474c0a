import { addDays, PERIODE_DEFAUT, PERIODES, type Periode, todayInGabon } from '@yams/shared';
import { DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { Query } from '../../base/http';
import { dateKeys } from '../form/FieldInput';

const OPTIONS: Array<{ value: Periode | 'personnalisee'; label: string }> = [
  { value: 'jour', label: 'Jour' },
  { value: 'semaine', label: 'Semaine' },
  { value: 'mois', label: 'Mois' },
  { value: 'annee', label: 'Année' },
  { value: 'personnalisee', label: 'Personnalisée' },
];
/** A custom period opens on the last 30 days (Libreville). */
const JOURS_PERSONNALISES = 30;

/**
 * The period of a screen that reloads as it changes, with no « Charger » (the Tableau de bord): a named period
 * of the statistics API (`?periode=annee`: this day, week, month or year, compared with the one before), or
 * custom days (`?date_debut=…&date_fin=…`), and the superadmin's company (`?entreprise=3`), in the address.
 */
export function useLivePeriod() {
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

export type LivePeriod = ReturnType<typeof useLivePeriod>;

/** Jour / Semaine / Mois / Année / Personnalisée, and the custom days' picker. */
export function LivePeriodPicker({ state }: { state: LivePeriod }) {
  return (
    <>
      <Segmented
        aria-label="Période"
        value={state.custom ? 'personnalisee' : state.periode}
        options={OPTIONS}
        onChange={(v) => {
          if (v === 'personnalisee') {
            const fin = todayInGabon();
            state.set({ date_debut: addDays(fin, 1 - JOURS_PERSONNALISES), date_fin: fin, periode: null });
          } else state.set({ periode: v as string, date_debut: null, date_fin: null });
        }}
      />
      {state.custom && (
        <DatePicker.RangePicker
          aria-label="Période personnalisée"
          format="DD/MM/YYYY"
          allowClear={false}
          value={[dayjs(state.debut), dayjs(state.fin)]}
          {...dateKeys}
          onChange={(v) => {
            if (v?.[0] && v[1])
              state.set({ date_debut: v[0].format('YYYY-MM-DD'), date_fin: v[1].format('YYYY-MM-DD') });
          }}
        />
      )}
    </>
  );
}
