// The accounting domain: invoices (Gabonese taxes), credit notes, purchases, cash vouchers, journals.
export * from './accounting.chart';
export * from './accounting.echeances';
export * from './accounting.etats';
export * from './accounting.out';
export * from './accounting.plan';
export * from './accounting.rapports';
export * from './accounting.rapprochement';
export * from './accounting.rapprochement.schemas';
export * from './accounting.schemas';
export * from './accounting.totals';
export * from './accounting.words';
