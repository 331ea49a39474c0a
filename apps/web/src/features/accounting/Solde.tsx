import { formatMoney } from '@yams/shared';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Money } from '../../components/Money';

/**
 * One convention for the books (journals, entry, balance): movements in two columns, Débit and Crédit, and a
 * balance as its amount followed by D (débiteur) or C (créditeur), never a sign as well.
 */
export function Solde({ value, strong }: { value: number; strong?: boolean }) {
  if (value === 0) return <Money value={0} strong={strong} />;
  const debiteur = value > 0;
  return (
    <span
      style={{ whiteSpace: 'nowrap', color: debiteur ? undefined : '#b42318' }}
      title={debiteur ? 'Solde débiteur' : 'Solde créditeur'}
    >
      <Money value={Math.abs(value)} strong={strong} /> {debiteur ? 'D' : 'C'}
    </span>
  );
}

/** A movement in its column: the amount, or nothing when the line moves the other side. */
export const Mouvement = ({ value }: { value: number }) => (value ? <Money value={value} /> : null);

/** A line of label and amount inside a phone card, the amount on the right. */
export function LigneMontant({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span style={{ textAlign: 'right' }}>{children}</span>
    </div>
  );
}
/** A balance as text, in the same convention: `1.500 FCFA D`, `1.500 FCFA C` (a report's figure). */
export const soldeDC = (value: number) =>
  value === 0 ? formatMoney(0) : `${formatMoney(Math.abs(value))} ${value > 0 ? 'D' : 'C'}`;
