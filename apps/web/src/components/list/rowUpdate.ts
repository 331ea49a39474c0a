import { isShown, rowToValues, valuesToBody } from '../form/formValues';
import type { FormDecl, Row } from './types';

/**
 * The body the edit form would send for this row untouched (`toValues` or the fields read from the row, then
 * `toBody`), changed by `patch` (body fields): what a custom block saves through `ctx.update` (a draft's
 * lines), so no block rebuilds a row's body, its references and dates by hand.
 */
export function rowUpdateBody<T extends Row>(
  form: FormDecl<T>,
  row: T,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const values = form.toValues ? form.toValues(row) : rowToValues(row as never, form.fields);
  const body = valuesToBody(values, form.fields, (f) => isShown(f, values, 'edit'));
  const converted = (form.toBody ? form.toBody(body, 'edit') : body) as Record<string, unknown>;
  return { ...converted, ...patch };
}
