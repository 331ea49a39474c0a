import { MSG } from '@yams/shared';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { retryInitialRequests, useOnline } from '../base/network';

/** Shown while the browser is offline; 'Réessayer' re-runs the screen's requests once back online. */
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
    <Alert
      banner
      type="warning"
      role="alert"
      title={MSG.offlineBanner}
      style={{ position: 'sticky', top: 0, zIndex: 1100 }}
      action={
        <Button size="small" loading={retrying} onClick={() => void retry()}>
          Réessayer
        </Button>
      }
    />
  );
}
