import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { appliedValues, periodParams, searchWith } from './reportState';
import type { ReportDecl, ReportValues } from './types';

type Decl = Pick<ReportDecl<unknown>, 'period' | 'filters' | 'load'>;

/**
 * The report's filters in the address: `applied` (what the report is loaded with, or null before
 * « Charger »), `apply` (« Charger »: a new history entry, so Back shows the previous report) and `reset`
 * (back to the defaults; filters marked `keep` stay). `defaults`: the screen's own first values (a device).
 */
export function useReport(decl: Decl, defaults: ReportValues = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const key = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `defaults` is read through its JSON `key`.
  const applied = useMemo(() => appliedValues(decl, location.search, defaults), [decl, location.search, key]);
  const go = (values: ReportValues | null, replace = false) =>
    navigate({ pathname: location.pathname, search: searchWith(decl, location.search, values) }, { replace });
  return {
    applied,
    /** The address names the report's filters (a « Réinitialiser » then makes sense). */
    chosen: new URLSearchParams(location.search).has(periodParams(decl)[0]),
    apply: (values: ReportValues) => go(values),
    reset: (values: ReportValues) => {
      const kept: ReportValues = {};
      for (const f of decl.filters ?? []) {
        const v = values[f.name];
        if (f.keep && v) kept[f.name] = v;
      }
      go(Object.keys(kept).length ? kept : null);
    },
  };
}
