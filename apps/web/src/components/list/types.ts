import type { TagLifecycle } from '@yams/shared';
import type { ReactNode } from 'react';
import type { Query } from '../../base/http';
import type { DialogKind } from '../dialogWidth';
import type { FormFieldDecl, OptionsSource } from '../form/fields';
import type { StandardSchema } from '../form/zodRule';
import type { Invalidates, Resource } from './resource';

/** Every row of a list has an id. */
export type Row = { id: number };

/**
 * The API's row permissions (packages/shared `permissions.ts`): a row may carry `can`, one boolean per move.
 * A move the row names is offered only when true: 'Modifier' (`update`), 'Supprimer' (`destroy`) and each
 * detail action by its `key` (`validate`, `cancel`…). A move the row does not name is offered as declared.
 */
export function rowAllows(row: Row, move: string): boolean {
  const can = (row as { can?: Record<string, boolean> }).can;
  return !can || !(move in can) || can[move] === true;
}

/** One French label per field of an entity (react-admin style), used by columns, forms, filters, exports. */
export type Labels = Record<string, string>;

/** How a value is shown and exported: one formatter each (money `1.234.567 FCFA`, French dates). */
/** `tag`: the value as a coloured tag, the colour from its lifecycle's map (`tag: 'course'`, packages/shared). */
export type ValueFormat = 'text' | 'money' | 'date' | 'datetime' | 'number' | 'richText' | 'tag';

/**
 * A field of a screen, declared once in `ListDecl.fields`: the table, the cards, the detail dialog and the
 * exports pick from that one list (its `key` names it there). Its label comes from the entity's dictionary
 * (`labels[key]`) unless `label` is given. By default a field is a column, a card line (after the card's
 * title), a detail line and an export column; `table`, `card`, `detail` and `export` set to `false` leave it
 * out of one of them.
 */
export interface DisplayField<T> {
  key: string;
  label?: string;
  format?: ValueFormat;
  /** The plain value (table, card, details, exports); default `row[key]`. */
  value?: (row: T) => string | number | null | undefined;
  /**
   * Where the API's row holds the value, for the server export (`GET {path}/export`) when `value` is a
   * function: `vehicule.plaque`, alternatives `vehicule.plaque|camion.plaque`, parts `marque+modele`.
   * A field with `value` and no `path` makes the list export in the browser (page by page) instead.
   */
  path?: string;
  /** Values exported as other words by the server export (`{ true: 'Bloqué', false: 'Actif' }`). */
  map?: Record<string, string>;
  /** A richer cell (a tag, a link); exports still use `value`. */
  render?: (row: T) => ReactNode;
  /** `format: 'tag'`: the lifecycle whose colour map colours the value (`TAG_COLORS` in packages/shared). */
  tag?: TagLifecycle;
  /** Columns only. */
  width?: number | string;
  /** Columns only: `right` for a figure written as text (`1 h 05`, `12,3 km`); amounts and numbers are already. */
  align?: 'right';
  /**
   * Columns only: the cell is cut to this width (px) with '…', the full text on hover (a route's details),
   * so the key columns fit at 1280 px. Cards and details show it whole.
   */
  truncate?: number;
  /**
   * `false`: not a column of the table (a less important field, so the key columns fit at 1280 px). The
   * cards follow the table unless they list their keys, so it is not a card line either; it stays in the
   * detail and the exports.
   */
  table?: false;
  /** `false`: not a line of the cards (when `card.fields` does not list the keys). */
  card?: false;
  /** `false`: not a line of the detail dialog (when `detail.fields` does not list the keys). */
  detail?: false;
  /** `false`: kept out of the exports (a link, a photo, a line only the detail shows). */
  export?: false;
  /** A sortable column: `true` sorts on `key`, a string names the API's sort field (`?sort=…`). */
  sort?: true | string;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** Options fed by the API (`GET {path}/options`, searched on the server; see `form/fields.ts`). */
export type { OptionsSource } from '../form/fields';

/**
 * A filter of the filter panel. Its state is a flat map of query parameters (strings), the same in
 * localStorage, the URL and the API query. A date range sets two parameters (`date_debut`, `date_fin`).
 */
export type FilterDecl =
  | { type: 'text'; name: string; label?: string; placeholder?: string }
  | { type: 'select'; name: string; label?: string; options?: FilterOption[]; source?: OptionsSource }
  | { type: 'dateRange'; name?: string; label?: string; params?: [string, string] };

/** An action on one row, offered in the detail dialog ('Bloquer', 'Confirmer', 'Terminer'…). */
export interface RowAction<T> {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  primary?: boolean;
  /**
   * Shown only when true (e.g. `(u) => !u.bloque`). A row whose `can` names this action's `key` is gated by
   * it first (`rowAllows`): no `visible` needed for a move the API rules on.
   */
  visible?: (row: T) => boolean;
  /** Asks this question first (Popconfirm), which may name the row. */
  confirm?: string | ((row: T) => string);
  /**
   * What it does: a POST path (`(u) => `/api/utilisateurs/${u.id}/disable``), sent with `body` or the
   * values of `form`; or any function. The server's message is toasted; the list and the row refresh.
   */
  path?: (row: T) => string;
  body?: (row: T) => unknown;
  run?: (row: T) => Promise<unknown>;
  /** A small form shown inside the dialog before posting (e.g. 'Accepter': vehicle, driver, amount). */
  form?: {
    fields: FormFieldDecl[];
    schema?: StandardSchema;
    initialValues?: (row: T) => Record<string, unknown>;
    submitLabel?: string;
    /** The dialog's title while the form shows ('Règlement de la facture FAC-…'; default: the detail's). */
    title?: (row: T) => string;
    /** The form's values as the API body (default: as they are, dates as YYYY-MM-DD). */
    toBody?: (values: Record<string, unknown>, row: T) => unknown;
  };
  /** Keep the dialog open after the action (default: stays open, showing the refreshed row). */
  closeAfter?: boolean;
  /** Its 'Oups !' toast: seconds (default 7) and kind (default 'warning'). */
  errorDuration?: number;
  errorType?: 'warning' | 'error';
}

export interface FormDecl<T> {
  fields: FormFieldDecl[];
  /** Shared zod schemas: the browser shows the API's French messages. */
  createSchema?: StandardSchema;
  updateSchema?: StandardSchema;
  /** Values of a new record (e.g. `{ type: 'client' }`). */
  defaults?: Record<string, unknown>;
  /** The row as form values (default: the fields' names picked from the row). */
  toValues?: (row: T) => Record<string, unknown>;
  /** Form values as the API body (default: dates as YYYY-MM-DD, empty strings as null). */
  toBody?: (values: Record<string, unknown>, mode: 'create' | 'edit') => unknown;
  /** Edit allowed for this row (default: always, or the row's `can.update` when the API sends it). */
  editable?: (row: T) => boolean;
  /** The dialog's width while creating or editing (default: the detail's; an invoice form: 60vw, the specification). */
  width?: DialogKind;
}

/** What the kit lends a custom block of the detail dialog. */
export interface SectionContext {
  /** Refetches the row, the list and everything `invalidates` names (after a custom write). */
  refresh: () => Promise<void>;
  /**
   * Saves the row through the kit: `POST {path}/{id}/update` with the body its edit form would send,
   * changed by `patch` (body fields, e.g. a draft's `lignes`). The server's message is toasted, the answer
   * replaces the row, the list and `invalidates` refresh; an ApiError is thrown on refusal.
   */
  update: (patch: Record<string, unknown>) => Promise<unknown>;
  /** The body `update(patch)` would send (to check it against the shared schema first). */
  updateBody: (patch: Record<string, unknown>) => Record<string, unknown>;
}

/** A block inside the detail dialog, under the fields (e.g. a vehicle's documents). */
export interface DetailSection<T> {
  key: string;
  title?: string;
  /** Shown only for the rows it is true of (a driver's app access: drivers only). */
  visible?: (row: T) => boolean;
  render: (row: T, ctx: SectionContext) => ReactNode;
}

/** The whole declaration of a list screen. */
export interface ListDecl<T extends Row> {
  title: string;
  /**
   * `createResource(name, contract)` from the domain's `api.ts`. Its list answers the contract's items,
   * shown as `T` (the detail's type) until a row's detail is read.
   */
  resource: Resource<T, Row>;
  labels: Labels;
  /** Always sent (e.g. `{ type: 'client' }`); not a removable filter. */
  baseQuery?: Query;
  pageSize?: number;
  /**
   * THE fields of the screen, each declared once, in the table's order: the table's columns, the cards'
   * lines, the detail's lines and the export's columns are taken from it (see `DisplayField`'s `table`,
   * `card`, `detail`, `export`). Keys are unique.
   */
  fields: DisplayField<T>[];
  filters?: FilterDecl[];
  /**
   * A card of the card view: title, optional subtitle and extra (tag). Its lines: `fields`, keys of
   * `ListDecl.fields` in the card's order; by default the table's columns (without the card's title column
   * when no `card` is declared) and without those marked `card: false`.
   */
  card?: {
    title: (row: T) => ReactNode;
    subtitle?: (row: T) => ReactNode;
    extra?: (row: T) => ReactNode;
    fields?: string[];
  };
  /** 'Ajouter' button label; no `form` means no add button. */
  addLabel?: string;
  createTitle?: string;
  form?: FormDecl<T>;
  /**
   * 'Importer': a CSV or Excel file with the export's columns, checked line by line by the API
   * (`POST {path}/import`, all or nothing) — shown to users who can create rows (`form`).
   */
  import?: boolean;
  detail: {
    title: (row: T) => string;
    /**
     * The detail's lines: keys of `ListDecl.fields` in the detail's order (`[]`: none). Default: every field
     * not marked `detail: false`, in the list's order.
     */
    fields?: string[];
    actions?: RowAction<T>[];
    sections?: DetailSection<T>[];
    width?: DialogKind;
    /**
     * POST `{path}/{id}/destroy` with the confirmation 'Etes vous sur de vouloir supprimer ?' (offered when the
     * row's `can.destroy`, if the API sends one, is true).
     */
    deletable?: boolean | ((row: T) => boolean);
    /**
     * Locked ↔ editing (the specification: villes and types de marchandise): the dialog shows the form's fields locked,
     * 'Déverrouiller' makes them editable in place, 'Verrouiller' goes back without saving. Without it, details
     * mode ↔ modification mode.
     */
    lock?: boolean;
    /**
     * The deletion's 'Oups !' toast (an invoice: `{ errorDuration: TOAST.invoiceDeletion }`, 20 s), from the
     * detail and for the refused lines of a group deletion.
     */
    deleteToast?: { errorDuration?: number; errorType?: 'warning' | 'error' };
    /**
     * The 'Historique' tab (who changed what, when: `GET {path}/{id}/historique`), shown for every resource
     * the API audits (packages/shared `AUDIT_PATHS`); `false` leaves it out.
     */
    history?: false;
  };
  /** Row selection and POST `{path}/destroy-group`. */
  groupDelete?: boolean;
  /**
   * Paths that differ from the conventions: one row's deletion (`(row) => `/api/caisses/${row.id}/destroy``,
   * `/api/microservice/api-courses/{table}/{id}/destroy`) and the group deletion (`/api/caisses/destroy-group`).
   */
  paths?: { destroy?: (row: T) => string; destroyGroup?: string };
  /**
   * What else this screen's writes change: other resources (their lists, counts, details and selects) or
   * query key prefixes. E.g. a payment changes its course: `invalidates: [courses, vehicules]`.
   */
  invalidates?: Invalidates;
  /** The filter panel's reset button (default 'Réinitialiser'). */
  resetLabel?: string;
  /**
   * Rows belong to a company: a superadmin gets an 'Entreprise' column and filter, and with `form: true` a
   * required 'Entreprise' select in the creation form (`tenant.ts`). The column is cut at 130 px; `yields`
   * names the columns that go to the detail for a superadmin so the key ones still fit at 1280 px.
   */
  tenant?: { form: boolean; yields?: string[] };
  /** Export file name without extension (default: the title). */
  exportName?: string;
}
