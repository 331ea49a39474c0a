import type { FormInstance } from 'antd';
import { ApiError } from '../../base/http';

/**
 * Shows a 422 answer's `data.fields` under the fields they name (`{ email: '…' }`, `{ 'lignes.0.qte': '…' }`).
 * Returns true when at least one field got an error.
 */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fields).filter(([name]) => name && name !== '_');
  form.setFields(
    entries.map(([name, message]) => ({
      name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [message],
    })),
  );
  return entries.length > 0;
}
