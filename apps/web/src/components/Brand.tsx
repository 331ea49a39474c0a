import TruckOutlined from '@ant-design/icons-svg/es/asn/TruckOutlined';
import { APP_NAME } from '@yams/shared';
import { BRAND } from '../base/theme';
import { Icon } from './light/light';

/** The logo and name; `light` on dark backgrounds (side bar). */
export function Brand({ light = false, compact = false }: { light?: boolean; compact?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, whiteSpace: 'nowrap' }}>
      <span
        aria-hidden
        style={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 34,
          height: 34,
          borderRadius: 9,
          background: light ? 'rgba(255,255,255,0.12)' : BRAND.primary,
          color: '#fff',
          fontSize: 18,
          flex: 'none',
        }}
      >
        <Icon icon={TruckOutlined} size={18} />
      </span>
      {!compact && (
        <span
          style={{ fontWeight: 600, fontSize: 17, color: light ? '#fff' : '#10233a', letterSpacing: 0.2 }}
        >
          {APP_NAME}
        </span>
      )}
    </span>
  );
}
