import { Alert } from 'antd';
import { useCallback, useState } from 'react';
import { useIsMobile } from '../../components/useIsMobile';
import { useMapDevices } from './api';
import { DeviceList } from './DeviceList';
import { DevicesMap, type FlyTarget } from './DevicesMap';
import type { MapDevice } from './mapDevice';

/**
 * `/geolocalisation`: the company's devices live on the map (polled every 10 s and pushed in realtime),
 * with the searchable list beside it (under it on a phone); a click in the list flies to the device.
 */
export default function CarteAppareils() {
  const isMobile = useIsMobile();
  const { devices, error } = useMapDevices();
  const [flyTo, setFlyTo] = useState<FlyTarget | null>(null);
  const pick = useCallback(
    (d: MapDevice) => {
      setFlyTo({ id: d.id, nonce: Date.now() });
      // On a phone the list is under the map: bring the map back into view.
      if (isMobile)
        document
          .querySelector('[aria-label="Carte des appareils"]')
          ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [isMobile],
  );
  const mapHeight = isMobile ? '62vh' : 'max(460px, calc(100vh - 250px))';
  return (
    <div>
      {error && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="Les positions n'ont pas pu être mises à jour ; nouvel essai dans 10 secondes."
        />
      )}
      <div
        style={{
          display: 'flex',
          flexDirection: isMobile ? 'column' : 'row',
          gap: 12,
        }}
      >
        <div style={{ flex: 1, minWidth: 0, order: isMobile ? 0 : 1 }}>
          <DevicesMap devices={devices} flyTo={flyTo} height={mapHeight} />
        </div>
        <div style={{ width: isMobile ? '100%' : 300, flexShrink: 0, order: 0 }}>
          <DeviceList
            devices={devices}
            selected={flyTo?.id ?? null}
            onPick={pick}
            height={isMobile ? 'auto' : mapHeight}
          />
        </div>
      </div>
    </div>
  );
}
