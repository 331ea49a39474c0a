import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The title and one-line explanation at the top of each sign-in card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header style={{ marginBottom: 20 }}>
      <Typography.Title level={3} style={{ margin: 0, fontWeight: 600 }}>
        {title}
      </Typography.Title>
      {children && (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
          {children}
        </Typography.Paragraph>
      )}
    </header>
  );
}
