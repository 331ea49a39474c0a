import { DELAI_CODES, libelleDelai } from '@yams/shared';
import type { FormFieldDecl } from './fields';

/** The payment terms as a select's options (« 45 jours fin de mois »…). */
export const DELAI_OPTIONS = DELAI_CODES.map((code) => ({ value: code, label: libelleDelai(code) }));

/**
 * The payment term of a form (an invoice, a client): empty means the default above it (an invoice: its
 * client's, else the company's; a client: the company's).
 */
export const delaiPaiementField = (placeholder: string, span = 8): FormFieldDecl => ({
  name: 'delai_paiement',
  label: 'Délai de paiement',
  type: 'select',
  options: DELAI_OPTIONS,
  placeholder,
  span,
});
