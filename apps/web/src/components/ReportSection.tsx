import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A titled part of a report screen: a named region (its `label`, what tests and screen readers find), its
 * title (usually the figures it sums up) with its actions (an export) on the same line, then its table.
 */
export function ReportSection({
  label,
  title,
  actions,
  children,
}: {
  label: string;
  /** Nothing (a tab's section): no heading line unless there are actions. */
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={label}>
      {(title || actions) && (
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 8,
            marginBottom: 8,
          }}
        >
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
