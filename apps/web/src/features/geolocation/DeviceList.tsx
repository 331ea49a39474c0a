import { Empty, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatFix } from './format';
import type { MapDevice } from './mapDevice';

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The devices beside the map, searchable by name, identifier or vehicle; a click flies to the device. */
export function DeviceList({
  devices,
  selected,
  onPick,
  height,
}: {
  devices: MapDevice[];
  selected: number | null;
  onPick: (d: MapDevice) => void;
  height: number | string;
}) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = normalize(search.trim());
    const hits = q
      ? devices.filter((d) => normalize(`${d.nom} ${d.identifiant} ${d.vehicule ?? ''}`).includes(q))
      : devices;
    return [...hits].sort((a, b) => Number(b.online) - Number(a.online) || a.nom.localeCompare(b.nom, 'fr'));
  }, [devices, search]);
  const online = devices.filter((d) => d.online).length;

  return (
    <section
      aria-label="Liste des appareils"
      style={{
        height,
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        borderRadius: 8,
        border: '1px solid #e5e7eb',
        overflow: 'hidden',
      }}
    >
      <div style={{ padding: 12, borderBottom: '1px solid #f0f0f0' }}>
        <Input.Search
          allowClear
          placeholder="Rechercher un appareil"
          aria-label="Rechercher un appareil"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 6 }}>
          {devices.length} appareil{devices.length > 1 ? 's' : ''} · {online} en ligne
        </Typography.Text>
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 4, overflowY: 'auto', flex: 1 }}>
        {shown.length === 0 && (
          <li>
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={devices.length ? 'Aucun appareil trouvé' : 'Aucun appareil'}
            />
          </li>
        )}
        {shown.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              onClick={() => onPick(d)}
              aria-current={selected === d.id ? 'true' : undefined}
              disabled={!d.position}
              title={d.position ? `Voir ${d.nom} sur la carte` : `${d.nom} n'a encore envoyé aucune position`}
              style={{
                width: '100%',
                textAlign: 'left',
                border: 0,
                borderRadius: 6,
                padding: '8px 10px',
                background: selected === d.id ? '#e6f4ff' : 'transparent',
                cursor: d.position ? 'pointer' : 'default',
                display: 'grid',
                gridTemplateColumns: '12px 1fr',
                gap: '0 8px',
                alignItems: 'center',
                font: 'inherit',
                color: 'inherit',
              }}
            >
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: d.online ? '#1677ff' : '#bfbfbf',
                }}
              />
              <span
                style={{
                  fontWeight: 500,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {d.nom}
              </span>
              <span />
              <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
                {d.online ? 'En ligne' : 'Hors ligne'}
                {d.vehicule ? ` · ${d.vehicule}` : ''}
                <br />
                {d.derniere_position ? formatFix(d.derniere_position) : 'Aucune position reçue'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
