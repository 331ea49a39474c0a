import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  /** A list's total, shown after the title: 'Véhicules (12)', or 'Courses (plus de 10 000)'. */
  count?: number | string;
  /** Buttons on the right (add, export…). */
  extra?: ReactNode;
}

/** The heading of a screen. */
export function PageTitle({ title, count, extra }: Props) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 12,
        marginBottom: 16,
      }}
    >
      <Typography.Title level={3} style={{ margin: 0, fontWeight: 600 }}>
        {title}
        {count !== undefined && ' '}
        {count !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: '0.8em', fontWeight: 400, marginLeft: 4 }}>
            ({count})
          </Typography.Text>
        )}
      </Typography.Title>
      {extra && <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{extra}</div>}
    </div>
  );
}
