import { formatMoney, formatTaux, type TotauxFacture } from '@yams/shared';
import type { DescriptionsProps } from 'antd';

type Item = NonNullable<DescriptionsProps['items']>[number];

/**
 * The totals of an invoice in their printed order, for the form's live preview and the invoice's view alike.
 * With the discount before the taxes (`avant`), it comes right under the HT total and the taxes are on what
 * remains (« Base taxable »); by default it is taken off last, after the TPS.
 */
export function totauxItems(
  t: Pick<TotauxFacture, 'total_ht' | 'tva' | 'css' | 'tps' | 'reduction' | 'total_ttc' | 'net_a_payer'>,
  taxes: {
    appliquer_tva: boolean;
    appliquer_css: boolean;
    appliquer_tps: boolean;
    /** The rates in the labels (« TVA (18 %) »), on a saved invoice. */
    taux?: { tva: number; css: number; tps: number };
  },
  avant: boolean,
  net: React.ReactNode = formatMoney(t.net_a_payer),
): Item[] {
  const taux = (k: 'tva' | 'css' | 'tps') => (taxes.taux ? ` (${formatTaux(taxes.taux[k])})` : '');
  const remise: Item[] =
    t.reduction > 0 ? [{ key: 'remise', label: 'Remise', children: `- ${formatMoney(t.reduction)}` }] : [];
  return [
    { key: 'ht', label: 'Total HT', children: formatMoney(t.total_ht) },
    ...(avant && t.reduction > 0
      ? [
          ...remise,
          {
            key: 'base',
            label: 'Base taxable',
            children: formatMoney(Math.max(0, t.total_ht - t.reduction)),
          },
        ]
      : []),
    ...(taxes.appliquer_tva
      ? [{ key: 'tva', label: `TVA${taux('tva')}`, children: formatMoney(t.tva) }]
      : []),
    ...(taxes.appliquer_css
      ? [{ key: 'css', label: `CSS${taux('css')}`, children: formatMoney(t.css) }]
      : []),
    { key: 'ttc', label: 'Total TTC', children: formatMoney(t.total_ttc) },
    ...(taxes.appliquer_tps
      ? [{ key: 'tps', label: `TPS retenue${taux('tps')}`, children: `- ${formatMoney(t.tps)}` }]
      : []),
    ...(avant ? [] : remise),
    { key: 'net', label: 'Net à payer', children: net },
  ];
}
