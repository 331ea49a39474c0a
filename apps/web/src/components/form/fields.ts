import type { CreatableContract } from '@yams/shared';
import type { ReactNode } from 'react';
import type { Query } from '../../base/http';

/**
 * Options fed by the API: the list's options endpoint `GET {path}/options?search=…&…query` (`optionsEndpoint`
 * in packages/shared) answers `[{ id, label }]`, searched on the server as one types; `variant` picks a named
 * label (`?label=`). `path` is the entity contract's path.
 */
export interface OptionsSource {
  path: string;
  query?: Query;
  /** The API's named label (`reste`: a course with what remains to pay). */
  variant?: string;
  /** Default: the option's `id`. */
  value?: (option: { id: number; label: string }) => string | number;
}

/**
 * 'Ajouter un client' beside a select fed by the API: a small form in a dialog over the current one. The
 * row is created (`POST {contract.path}`, checked as one types by the contract's `create` schema) without
 * leaving the form, then chosen in the select (its label is read back from the options endpoint). Any
 * select of any form can declare one.
 */
export interface CreateOption {
  /** The button's text, e.g. 'Ajouter un client'. */
  label: string;
  /** The dialog's title, e.g. 'Nouveau client'. */
  title: string;
  fields: FormFieldDecl[];
  labels: Record<string, string>;
  /** Values sent whatever the user types (e.g. `{ type: 'client' }`). */
  defaults?: Record<string, unknown>;
  /** The entity created (packages/shared `contracts.ts`): its path and its body's schema, with its French messages. */
  contract: CreatableContract;
}

export interface Option {
  value: string | number;
  label: string;
}

export type FormFieldType =
  | 'text'
  | 'email'
  | 'tel'
  | 'number'
  | 'money'
  | 'select'
  | 'date'
  /** Date and time, shown and entered in Libreville time, sent as an ISO 8601 instant. */
  | 'datetime'
  | 'dateRange'
  | 'textarea'
  /** HTML from a TipTap editor (loaded on demand); the API sanitises it (`sanitizeRichText`). */
  | 'richText'
  /** Any controlled input (`render`), e.g. an intervention's lines. */
  | 'custom'
  /**
   * A place on a map: the value is `{ lat, lng }` (or empty), read from and sent as the two body fields of
   * `params` (`['chargement_lat', 'chargement_lng']`); `render` gives the input (default: two numbers).
   */
  | 'point';

/** The value of a `point` field. */
export interface PointValue {
  lat: number;
  lng: number;
}

/** A form field declared as data; its label comes from the entity's dictionary (`labels[name]`). */
export interface FormFieldDecl {
  name: string;
  type: FormFieldType;
  label?: string;
  /** Static options of a select… */
  options?: Option[];
  /**
   * A select whose row holds the chosen reference nested (`client: { id, … }`) rather than `client_id`:
   * `true` reads `row[name without _id].id`, a string names the nested key (`ref: 'ville_depart'`). The body
   * still sends `name` (`client_id`).
   */
  ref?: true | string;
  /** …or options fed by an API list. */
  source?: OptionsSource;
  /** A select fed by the API whose row can be created from here (see `CreateOption`). */
  create?: CreateOption;
  /** Columns out of 24 on desktop (default 12); always 24 on mobile. */
  span?: number;
  /** Shows the asterisk; the shared schema does the checking. */
  required?: boolean;
  placeholder?: string;
  /** A text field's canonical form, applied when the field is left (a plate: `ga 175 rx` → `GA-175-RX`). */
  normalize?: (value: string) => string;
  /** A date range's two body fields (default `date_debut`, `date_fin`); a point's latitude and longitude. */
  params?: [string, string];
  /**
   * A date field's first and last selectable days (`YYYY-MM-DD`, both included), from the form's current
   * values: the shared `bornesDateComptable` of every accounting date, a vehicle's commissioning after its
   * year of manufacture… The picker disables the days the API would refuse.
   */
  bornes?: (values: Record<string, unknown>) => { min?: string; max?: string };
  /**
   * A warning under the field that does not stop the save, from the form's body as it would be sent (the
   * values not declared as fields kept as they are): an actual time far from the plan.
   */
  warn?: (body: Record<string, unknown>) => string | null;
  /** Shown only when true, from the current values (e.g. sous_type when type is transporteur). */
  visible?: (values: Record<string, unknown>, mode: FormMode) => boolean;
  /** Only when creating / only when editing. */
  only?: FormMode;
  /** A `custom` field's input: antd's Form.Item hands it `value` and `onChange`. */
  render?: (props: { value: unknown; onChange: (value: unknown) => void }) => ReactNode;
  /** The body field a `custom` input fills (default: `name`); its server errors show on the input. */
  bodyName?: string;
  /**
   * A select fed by the API: choosing a value fetches its row (`GET {source.path}/{id}`) and fills other
   * fields with what this returns (a trajet fills both cities and suggests its amount). `previous` is the
   * row chosen before in this form, if any.
   */
  fill?: (
    row: Record<string, unknown>,
    values: Record<string, unknown>,
    previous?: Record<string, unknown>,
  ) => Record<string, unknown>;
  /**
   * A value proposed from the form's values and the rows its selects with `fill` chose (`chosen.course_id`:
   * the course read when it was chosen). The field follows the proposal while the user has not typed a
   * value of their own (it is empty, or still the last proposal): a payment's libellé « Règlement course
   * CRS-… », « Acompte … » for less than the rest. `undefined`: nothing to propose.
   */
  suggest?: (values: Record<string, unknown>, chosen: ChosenRows) => unknown;
}

/** The rows a form's selects chose (read with `GET {path}/{id}` for their `fill`), by field name. */
export type ChosenRows = Record<string, Record<string, unknown> | undefined>;

export type FormMode = 'create' | 'edit';
