import { todayInGabon } from '@yams/shared';
import { bornesComptables } from '../../components/form/bornes';
import type { FormFieldDecl } from '../../components/form/fields';
import { dayToPicker } from '../../components/form/gabonTime';
import type { RowAction } from '../../components/list/types';
import { modeOptions } from '../operations/operationsFields';

/**
 * 'Enregistrer un règlement' of an invoice or a purchase: its small form (the amount still due by default,
 * the payment method, the date; an invoice's payment reference), in French, titled after the document.
 */
export function reglementForm<T>(opts: {
  title: (row: T) => string;
  reste: (row: T) => number;
  reference?: boolean;
}): NonNullable<RowAction<T>['form']> {
  const fields: FormFieldDecl[] = [
    { name: 'montant', type: 'money', required: true, label: 'Montant' },
    { name: 'mode', type: 'select', required: true, options: modeOptions, label: 'Mode de paiement' },
    { name: 'date_operation', type: 'date', label: 'Date du règlement', bornes: bornesComptables },
  ];
  if (opts.reference) fields.push({ name: 'reference', type: 'text', label: 'Référence' });
  return {
    title: opts.title,
    fields,
    initialValues: (row) => ({ montant: opts.reste(row), date_operation: dayToPicker(todayInGabon()) }),
    submitLabel: 'Enregistrer',
  };
}
