import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { ReactNode } from 'react';
import { Icon } from './light/light';

/**
 * A warning with a title and an action, shaped like antd's `<Result status="warning">` but without its
 * illustrations: it is part of the first screen (start-up failure, a screen that failed to load), which
 * must stay light and must render even when no further code can be fetched.
 */
export function StatusNotice({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon icon={WarningFilled} size={72} style={{ color: '#faad14', marginBottom: 24 }} />
      <div style={{ fontSize: 24, lineHeight: 1.33, color: 'rgba(0, 0, 0, 0.88)', marginBottom: 24 }}>
        {title}
      </div>
      {extra}
    </div>
  );
}
