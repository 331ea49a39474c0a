import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { MSG } from '@yams/shared';
import { useState } from 'react';
import { retryInitialRequests, useOnline } from '../base/network';
import { Icon, LightButton } from '../components/light/light';

/**
 * Shown while the browser is offline; 'Réessayer' re-runs the screen's requests once back online. Built from
 * the light controls (antd's warning banner look): it must show even when no more code can be fetched.
 */
export function OfflineBanner() {
  const online = useOnline();
  const [retrying, setRetrying] = useState(false);
  if (online) return null;

  const retry = async () => {
    if (!navigator.onLine) return;
    setRetrying(true);
    try {
      await retryInitialRequests();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="yl-banner" role="alert">
      <Icon icon={ExclamationCircleFilled} size={14} />
      <div>{MSG.offlineBanner}</div>
      <LightButton size="small" loading={retrying} onClick={() => void retry()}>
        Réessayer
      </LightButton>
    </div>
  );
}
