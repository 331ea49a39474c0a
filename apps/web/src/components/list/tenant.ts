import { utilisateursContract } from '@yams/shared';
import { useMemo } from 'react';
import { getSession } from '../../base/session';
import type { FormFieldDecl } from '../form/fields';
import type { DisplayField, FilterDecl, ListDecl, OptionsSource, Row } from './types';

// A superadmin sees every company's rows: a list whose rows belong to a company (`ListDecl.tenant`) gets, for
// a superadmin only, an 'Entreprise' column (the API's `entreprise_nom`), an 'Entreprise' filter
// (`?entreprise=id`) and, when the screen creates rows for a company, a required 'Entreprise' select in its
// creation form. A transporteur sees none of them: its rows are all its own. So that the key columns still
// fit at 1280 px, the columns the declaration names in `tenant.yields` move to the detail for a superadmin.

export const TENANT_LABEL = 'Entreprise';
const LABEL = TENANT_LABEL;

/** The companies: transporteur accounts. */
export const entrepriseSource: OptionsSource = {
  path: utilisateursContract.path,
  query: { type: 'transporteur' },
};

/** The key of the superadmin's 'Entreprise' column (a card without `card` declared is never titled by it). */
export const TENANT_COLUMN = 'entreprise_nom';

const column: DisplayField<Row> = {
  key: TENANT_COLUMN,
  label: LABEL,
  value: (r) => (r as Row & { entreprise_nom?: string | null }).entreprise_nom,
  truncate: 130,
};
const filter: FilterDecl = { type: 'select', name: 'entreprise', label: LABEL, source: entrepriseSource };
const field: FormFieldDecl = {
  name: 'entreprise_id',
  type: 'select',
  label: LABEL,
  required: true,
  only: 'create',
  source: entrepriseSource,
};

export function isSuperadmin(): boolean {
  return getSession()?.user.type === 'superadmin';
}

/** The declaration as the signed-in user sees it (unchanged for a transporteur). */
export function withTenant<T extends Row>(decl: ListDecl<T>, superadmin: boolean): ListDecl<T> {
  if (!decl.tenant || !superadmin) return decl;
  const col = column as DisplayField<T>;
  return {
    ...decl,
    fields: [
      col,
      ...decl.fields.map((c) => (decl.tenant?.yields?.includes(c.key) ? { ...c, table: false as const } : c)),
    ],
    filters: [filter, ...(decl.filters ?? [])],
    form: decl.form && decl.tenant.form ? { ...decl.form, fields: [field, ...decl.form.fields] } : decl.form,
    detail: decl.detail.fields ? { ...decl.detail, fields: [col.key, ...decl.detail.fields] } : decl.detail,
    card: decl.card?.fields ? { ...decl.card, fields: [col.key, ...decl.card.fields] } : decl.card,
  };
}

export function useTenantDecl<T extends Row>(decl: ListDecl<T>): ListDecl<T> {
  const superadmin = isSuperadmin();
  return useMemo(() => withTenant(decl, superadmin), [decl, superadmin]);
}
