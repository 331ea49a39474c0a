import { libelleValeur, type TagLifecycle, tagColor } from '@yams/shared';
import { Tag } from 'antd';

/**
 * A state as a tag, coloured by its lifecycle's map (`TAG_COLORS` in packages/shared), in correct French
 * (`libelleValeur`: the stored `Problemes mécaniques` reads `Problèmes mécaniques`).
 */
export function StatusTag({
  lifecycle,
  value,
}: {
  lifecycle?: TagLifecycle;
  value: string | null | undefined;
}) {
  if (!value) return <span style={{ color: '#98a2b3' }}>—</span>;
  return (
    <Tag color={tagColor(lifecycle, value)} style={{ marginInlineEnd: 0 }}>
      {libelleValeur(value)}
    </Tag>
  );
}
