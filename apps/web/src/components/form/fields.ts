import type { ReactNode } from 'react';
import type { Query } from '../../app/http';

/** Options fed by an API list: `GET path?query` (unpaged), each row turned into an option. */
export interface OptionsSource {
  path: string;
  query?: Query;
  label: (row: Record<string, unknown>) => string;
  /** Default: `row.id`. */
  value?: (row: Record<string, unknown>) => string | number;
  /**
   * Why this row cannot be chosen (e.g. 'déjà en course'), or nothing: such options are shown disabled with
   * the reason, after the ones that can be chosen. The API refuses them anyway.
   */
  disabled?: (row: Record<string, unknown>) => string | null | undefined;
}

export interface Option {
  value: string | number;
  label: string;
  disabled?: boolean;
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
  | 'custom';

/** A form field declared as data; its label comes from the entity's dictionary (`labels[name]`). */
export interface FormFieldDecl {
  name: string;
  type: FormFieldType;
  label?: string;
  /** Static options of a select… */
  options?: Option[];
  /** …or options fed by an API list. */
  source?: OptionsSource;
  /** Columns out of 24 on desktop (default 12); always 24 on mobile. */
  span?: number;
  /** Shows the asterisk; the shared schema does the checking. */
  required?: boolean;
  placeholder?: string;
  /** A date range's two body fields (default `date_debut`, `date_fin`). */
  params?: [string, string];
  /** Shown only when true, from the current values (e.g. sous_type when type is transporteur). */
  visible?: (values: Record<string, unknown>, mode: FormMode) => boolean;
  /** Only when creating / only when editing. */
  only?: FormMode;
  /** A `custom` field's input: antd's Form.Item hands it `value` and `onChange`. */
  render?: (props: { value: unknown; onChange: (value: unknown) => void }) => ReactNode;
  /** The body field a `custom` input fills (default: `name`); its server errors show on the input. */
  bodyName?: string;
  /**
   * A select fed by the API: choosing a row fills other fields with what this returns (a trajet fills
   * both cities and suggests its amount). `previous` is the row chosen before, if any.
   */
  fill?: (
    row: Record<string, unknown>,
    values: Record<string, unknown>,
    previous?: Record<string, unknown>,
  ) => Record<string, unknown>;
}

export type FormMode = 'create' | 'edit';
