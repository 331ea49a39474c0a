import { formatMoney } from '@yams/shared';

/** An amount in francs CFA: `1.234.567 FCFA`. */
export function Money({
  value,
  strong = false,
}: {
  value: number | string | null | undefined;
  strong?: boolean;
}) {
  const text = formatMoney(value);
  return <span style={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>{text}</span>;
}
