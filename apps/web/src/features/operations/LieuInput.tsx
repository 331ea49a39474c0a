import { AimOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AdresseOut } from '@yams/shared';
import { Button, Form, Select, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { PointValue } from '../../components/form/fields';
import { isPoint } from '../../components/form/formValues';
import { adresseKeys, adresses as carnet } from './api';

// Leaflet is loaded only when a map is opened.
const AdressesMap = lazy(() => import('./AdressesMap').then((m) => ({ default: m.AdressesMap })));

const same = (a: PointValue, b: AdresseOut) =>
  Math.abs(a.lat - b.latitude) < 1e-7 && Math.abs(a.lng - b.longitude) < 1e-7;

export const formatPoint = (p: PointValue) => `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;

/**
 * A pickup or drop-off point of a course or a demande: one of the user's saved addresses (its label fills
 * the address text, its city the course's city when still empty), or a click on a small map. The value is
 * `{ lat, lng }`; the form sends it as the two coordinate fields (kit field type `point`).
 */
export function LieuInput({
  value,
  onChange,
  label,
  adresseField,
  villeField,
}: {
  value: unknown;
  onChange: (value: PointValue | null) => void;
  label: string;
  /** The address text this point's saved address fills (`adresse_chargement`). */
  adresseField: string;
  /** The city select a saved address fills when empty (`ville_depart_id`). */
  villeField?: string;
}) {
  const form = Form.useFormInstance();
  const [mapOpen, setMapOpen] = useState(false);
  const [focus, setFocus] = useState<{ lat: number; lng: number } | null>(null);
  const point = isPoint(value) ? value : null;
  const adresses = useQuery({
    queryKey: adresseKeys.all,
    queryFn: ({ signal }) => carnet.fetchAll({}, { signal }),
    staleTime: 60_000,
  });
  const list = adresses.data ?? [];
  const chosen = point ? list.find((a) => same(point, a)) : undefined;

  const pick = (a: AdresseOut) => {
    onChange({ lat: a.latitude, lng: a.longitude });
    setFocus({ lat: a.latitude, lng: a.longitude });
    // The address text takes the saved label unless the user typed something else.
    const text = form.getFieldValue(adresseField) as string | undefined;
    const previous = chosen?.libelle;
    const patch: Record<string, unknown> = {};
    if (!text?.trim() || text === previous) patch[adresseField] = a.libelle;
    if (villeField && !form.getFieldValue(villeField)) patch[villeField] = a.ville_id;
    form.setFieldsValue(patch);
  };

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Space.Compact block>
        <Select<number>
          aria-label={`${label} : adresse enregistrée`}
          placeholder={
            list.length || adresses.isLoading ? 'Une de mes adresses' : 'Aucune adresse enregistrée'
          }
          loading={adresses.isLoading}
          value={chosen?.id}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={list.map((a) => ({ value: a.id, label: `${a.libelle} (${a.ville})` }))}
          onChange={(id) => {
            const a = list.find((x) => x.id === id);
            if (a) pick(a);
            else onChange(null);
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          icon={<AimOutlined />}
          aria-expanded={mapOpen}
          aria-label={`${label} : choisir sur la carte`}
          onClick={() => {
            setMapOpen((o) => !o);
            if (point) setFocus(point);
          }}
        >
          Carte
        </Button>
      </Space.Compact>
      <Space size={4} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-live="polite">
          {point ? `Position : ${formatPoint(point)}` : 'Aucune position choisie'}
        </Typography.Text>
        {point && (
          <Button
            size="small"
            type="link"
            icon={<CloseCircleOutlined />}
            aria-label={`${label} : effacer la position`}
            onClick={() => onChange(null)}
          >
            Effacer
          </Button>
        )}
      </Space>
      {mapOpen && (
        <Suspense fallback={<Spin size="small" />}>
          <AdressesMap
            label={`${label} : carte`}
            height={240}
            adresses={list}
            position={point}
            focus={focus}
            onPlace={(p) => onChange({ lat: Number(p.lat.toFixed(6)), lng: Number(p.lng.toFixed(6)) })}
            onSelect={pick}
          />
        </Suspense>
      )}
    </Space>
  );
}
