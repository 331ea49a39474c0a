import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../base/paths';
import { openLink } from '../../components/list/useOpenFromUrl';
import { formatFix, formatSpeed } from './format';
import type { MapDevice } from './mapDevice';

export const StatutAppareil = ({ online }: { online: boolean }) => (
  <Tag color={online ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
    {online ? 'En ligne' : 'Hors ligne'}
  </Tag>
);

/** A device's popup on the map: name, statut, speed, last update (Libreville time), vehicle and course. */
export function DevicePopup({ device }: { device: MapDevice }) {
  const rows: Array<[string, ReactNode]> = [
    ['Vitesse', formatSpeed(device.vitesse)],
    ['Dernière mise à jour', formatFix(device.derniere_position)],
    ['Véhicule', device.vehicule ?? '—'],
    [
      'Course',
      device.course && device.courseId ? (
        <Link key="course" to={openLink(PATHS.courses, device.courseId)}>
          {device.course}
        </Link>
      ) : (
        'Aucune course en cours'
      ),
    ],
  ];
  return (
    <div className="yams-device-popup" style={{ minWidth: 200 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <strong style={{ fontSize: 14 }}>{device.nom}</strong>
        <StatutAppareil online={device.online} />
      </div>
      <dl style={{ margin: '8px 0 0', display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 10px' }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ color: 'rgba(0,0,0,0.55)' }}>{label}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={`${PATHS['geolocalisation.historique']}?appareil=${device.id}`}
        style={{ display: 'inline-block', marginTop: 8 }}
      >
        Voir l'historique des trajets
      </Link>
    </div>
  );
}
