import type { UseQueryOptions } from '@tanstack/react-query';
import type { Bornes, EndpointContract, PeriodeRapport } from '@yams/shared';
import type { ReactElement, ReactNode } from 'react';
import type { Query } from '../../base/http';

/**
 * A report's filter state: a flat map of query parameters (the two days and the extra filters), the same in
 * the address (`?date_debut=2026-11-01&date_fin=2026-11-27&vehicule=3`) and in the API query.
 */
export type ReportValues = Record<string, string>;

/** The period: two required calendar days (Libreville), quick periods, an optional longest range. */
export interface PeriodDecl {
  /** The two days' names in the address and the query; default `['date_debut', 'date_fin']`. */
  params?: [string, string];
  /** The quick periods offered, in order; default all of `PERIODES_RAPPORT`. */
  presets?: PeriodeRapport[];
  /** The days the form shows first (a quick period, or days computed by the screen); default `mois`. */
  defaut?: PeriodeRapport | Bornes;
  /** The longest period the API accepts, in days (the history: 31). */
  maxJours?: number;
  /** Days after today cannot be picked (a history of what happened). */
  passeSeulement?: boolean;
}

/** An extra filter beside the period: a select with its options, a text, or an input of the screen's own. */
export interface ReportFilterDecl {
  /** The parameter's name, in the address and the query. */
  name: string;
  label: string;
  /** `true`: « Label » est obligatoire ; a string: that message. */
  required?: boolean | string;
  /** Options of a select (a value of `''` is « Tous »)… */
  options?: Array<{ value: string | number; label: string }>;
  /** …or the screen's own input, given `value`/`onChange` by the form (`<EntrepriseSelect />`). */
  input?: ReactElement;
  placeholder?: string;
  width?: number;
  /** Stays chosen on « Réinitialiser » (a superadmin's company). */
  keep?: boolean;
}

/** One figure of the summary row: a card with its label and value (`money` → `1.500 FCFA`). */
export interface ReportFigure {
  label: string;
  value: number | string | null | undefined;
  format?: 'money' | 'number';
  /** What the figure counts, under it, in small words. */
  hint?: ReactNode;
}

/** What a section and the summary are given: the report's data once loaded, and the filters it was loaded with. */
export interface ReportContext<D> {
  data: D | undefined;
  values: ReportValues;
  /** The first load (a table's skeleton). */
  loading: boolean;
  /** Any load, a new period's too (a spinner over a map). */
  fetching: boolean;
}

/** A titled region of the report (a `ReportSection`): its table, a map, anything the screen renders. */
export interface ReportSectionDecl<D> {
  key: string;
  /** The region's name (tests and screen readers find it by it). */
  label: string;
  /** Its title, usually its figures (« 2 trajets, 1 arrêt »); default `label`. */
  title?: (ctx: ReportContext<D>) => ReactNode;
  /** On the title's line: an export of this section's rows. */
  actions?: (ctx: ReportContext<D>) => ReactNode;
  render: (ctx: ReportContext<D>) => ReactNode;
  /**
   * The section reads its own endpoint (a component with its own `endpointQuery`) and renders its own
   * `ReportSection`, titled by its own figures: the kit does not wrap it.
   */
  own?: true;
}

/** Excel and PDF of the whole report, by the report's own endpoint with `format=xlsx|pdf` and the same filters. */
export interface ReportExportDecl {
  endpoint: EndpointContract;
  formats: Array<'xlsx' | 'pdf'>;
  /** The query sent (default: the filter values as they are), `format` added. */
  query?: (values: ReportValues) => Query;
  /** The file's base name (a date is added): « Rapport carburant 2026-11-01 2026-11-27 ». */
  name: (values: ReportValues) => string;
}

/** A report screen: see README.md. */
export interface ReportDecl<D> {
  title: string;
  /** The filter form's accessible name: « Filtrer les journaux ». */
  filterLabel: string;
  period: PeriodDecl;
  filters?: ReportFilterDecl[];
  /**
   * When the report loads. Default `'charger'`: nothing before « Charger » (or an address naming the period,
   * a shared link). `'ouverture'`: on the default filters at once — only for a screen whose first view is
   * itself the report (say why beside it).
   */
  load?: 'charger' | 'ouverture';
  /** The report's data for the applied filters: one `endpointQuery(…)` of its endpoint contract. */
  query?: (values: ReportValues) => UseQueryOptions<D, Error, D, readonly unknown[]>;
  summary?: (ctx: ReportContext<D> & { data: D }) => ReportFigure[];
  sections: ReportSectionDecl<D>[];
  /** The sections as tabs (the journal's lines, its balance), not one under the other. */
  tabs?: boolean;
  exports?: ReportExportDecl;
}
