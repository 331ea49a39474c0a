import { useQuery } from '@tanstack/react-query';
import {
  ZONE_CATEGORIES,
  ZONE_TYPES,
  ZoneBody,
  type ZoneOut,
  ZoneUpdateBody,
  zonesContract,
} from '@yams/shared';
import { Button, Card, Form, Input, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { FormFieldDecl } from '../../components/form/fields';
import { ListScreen } from '../../components/list/ListScreen';
import { createResource } from '../../components/list/resource';
import type { DisplayField, ListDecl } from '../../components/list/types';
import { LieuInput } from '../operations/LieuInput';
import { clientSource } from '../operations/operationsFields';

// Zones (géofences): a company's depots, clients' sites, the port, weighbridges, border posts — a circle
// (a centre picked from the saved addresses or on the map, and a radius) or a polygon (its vertices typed
// one a line), previewed on a small map. Their visits make the « Temps sur site » report.

const zones = createResource('zones', zonesContract);
const ZoneMap = lazy(() => import('./ZoneMap'));

const TYPE_LABELS: Record<string, string> = { cercle: 'Cercle', polygone: 'Polygone' };

const LABELS: Record<string, string> = {
  nom: 'Nom',
  type: 'Forme',
  categorie: 'Catégorie',
  rayon_m: 'Rayon (m)',
  centre: 'Centre du cercle',
  points: 'Sommets du polygone',
  client: 'Client',
  client_id: 'Client (site du client)',
  apercu: 'Aperçu',
  search: 'Rechercher',
  created_at: 'Créée le',
};

/** `0.39, 9.45` per line ↔ `[[0.39, 9.45], …]`: the polygon's vertices as typed. */
const enTexte = (points: unknown) =>
  Array.isArray(points) ? points.map((p) => (p as number[]).join(', ')).join('\n') : '';
const enSommets = (text: string): [number, number][] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [a, b] = l
        .split(/[;,\s]+/)
        .filter(Boolean)
        .map(Number);
      return [a ?? Number.NaN, b ?? Number.NaN] as [number, number];
    });

/** The polygon's vertices, one `latitude, longitude` a line; the value is the list the API takes. */
function SommetsInput({ value, onChange }: { value: unknown; onChange: (v: unknown) => void }) {
  const [text, setText] = useState(() => enTexte(value));
  // A vertex added on the map shows in the text at once.
  useEffect(() => {
    if (JSON.stringify(enSommets(text)) !== JSON.stringify(value ?? [])) setText(enTexte(value));
  }, [value, text]);
  return (
    <Input.TextArea
      aria-label="Sommets du polygone"
      rows={4}
      placeholder={'0.3925, 9.4536\n0.3925, 9.4600\n0.3850, 9.4600'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(enSommets(e.target.value));
      }}
    />
  );
}

/**
 * The zone as the form holds it, drawn on a small map where a click places a circle's centre or adds the
 * polygon's next vertex (« Effacer les sommets » starts the polygon again).
 */
function Apercu() {
  const form = Form.useFormInstance();
  const v = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const centre = v?.centre as { lat: number; lng: number } | undefined;
  const type = v?.type === 'polygone' ? 'polygone' : 'cercle';
  const zone = {
    nom: String(v?.nom ?? 'Zone'),
    type,
    latitude: centre?.lat,
    longitude: centre?.lng,
    rayon_m: Number(v?.rayon_m) || null,
    points: (v?.points as [number, number][] | undefined)?.filter(
      ([a, b]) => Number.isFinite(a) && Number.isFinite(b),
    ),
  } as const;
  const dessine = (lat: number, lng: number) => {
    if (type === 'polygone') {
      const points = (form.getFieldValue('points') as [number, number][] | undefined) ?? [];
      form.setFieldValue('points', [...points, [lat, lng]]);
      void form.validateFields(['points']).catch(() => undefined);
    } else form.setFieldValue('centre', { lat, lng });
  };
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Space size={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {type === 'polygone'
            ? 'Cliquez sur la carte pour ajouter chaque sommet, dans l’ordre.'
            : 'Cliquez sur la carte pour placer le centre du cercle.'}
        </Typography.Text>
        {type === 'polygone' && (
          <Button size="small" onClick={() => form.setFieldValue('points', [])}>
            Effacer les sommets
          </Button>
        )}
      </Space>
      <Suspense fallback={<Spin size="small" />}>
        <ZoneMap label="Aperçu de la zone" zones={[zone]} height={240} onClick={dessine} />
      </Suspense>
    </Space>
  );
}

const cercle = (v: Record<string, unknown>) => v.type !== 'polygone';

const FORM_FIELDS: FormFieldDecl[] = [
  { name: 'nom', type: 'text', required: true, placeholder: "Port d'Owendo, site de la SEEG…" },
  {
    name: 'type',
    type: 'select',
    required: true,
    options: ZONE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t]! })),
  },
  { name: 'categorie', type: 'select', options: ZONE_CATEGORIES.map((c) => ({ value: c, label: c })) },
  { name: 'client_id', type: 'select', ref: 'client', source: clientSource },
  {
    name: 'centre',
    type: 'point',
    params: ['latitude', 'longitude'],
    visible: cercle,
    render: ({ value, onChange }) => (
      <LieuInput label="Centre du cercle" value={value} onChange={onChange} adresseField="nom" />
    ),
  },
  { name: 'rayon_m', type: 'number', visible: cercle, placeholder: '300' },
  {
    name: 'points',
    type: 'custom',
    span: 24,
    visible: (v) => v.type === 'polygone',
    render: ({ value, onChange }) => <SommetsInput value={value} onChange={onChange} />,
  },
  { name: 'apercu', type: 'custom', span: 24, render: () => <Apercu /> },
];

const fields: DisplayField<ZoneOut>[] = [
  { key: 'nom', sort: true },
  { key: 'categorie', sort: true },
  { key: 'type', value: (z) => TYPE_LABELS[z.type], map: TYPE_LABELS },
  { key: 'rayon_m', format: 'number' },
  { key: 'client', value: (z) => z.client?.nom, path: 'client.nom' },
  {
    key: 'centre',
    value: (z) => `${z.latitude.toFixed(5)}, ${z.longitude.toFixed(5)}`,
    table: false,
    export: false,
  },
  { key: 'created_at', format: 'date', sort: true, table: false },
];

export const ZONES: ListDecl<ZoneOut> = {
  title: 'Zones',
  resource: zones,
  labels: LABELS,
  tenant: { form: true },
  fields,
  filters: [
    { type: 'text', name: 'search', placeholder: 'Nom de la zone' },
    { type: 'select', name: 'categorie', options: ZONE_CATEGORIES.map((c) => ({ value: c, label: c })) },
    { type: 'select', name: 'type', options: ZONE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t]! })) },
    { type: 'select', name: 'client', source: clientSource },
  ],
  card: {
    title: (z) => z.nom,
    subtitle: (z) => z.categorie,
    fields: ['type', 'rayon_m', 'client'],
  },
  addLabel: 'Ajouter une zone',
  createTitle: 'Nouvelle zone',
  form: {
    fields: FORM_FIELDS,
    defaults: { type: 'cercle', categorie: 'Autre', rayon_m: 300 },
    createSchema: ZoneBody,
    updateSchema: ZoneUpdateBody,
    toBody: (body) => {
      const { apercu: _, ...rest } = body;
      return rest;
    },
  },
  detail: {
    title: (z) => `Zone ${z.nom}`,
    fields: ['nom', 'categorie', 'type', 'centre', 'rayon_m', 'client'],
    sections: [
      {
        key: 'carte',
        title: 'Sur la carte',
        render: (z) => (
          <Suspense fallback={<Spin size="small" />}>
            <ZoneMap label={`Carte de la zone ${z.nom}`} zones={[z]} height={240} />
          </Suspense>
        ),
      },
    ],
    deletable: true,
  },
  groupDelete: true,
};

/** Every zone of the company on one map, above the list. */
function CarteDesZones() {
  const all = useQuery({
    queryKey: [...zones.keys.all, 'carte'],
    queryFn: ({ signal }) => zones.fetchAll({}, { signal }),
  });
  if (!all.data?.length) return null;
  return (
    <Card size="small" title="Carte des zones" style={{ marginBottom: 16 }}>
      <Suspense fallback={<Spin size="small" />}>
        <ZoneMap label="Carte des zones" zones={all.data} height={280} />
      </Suspense>
    </Card>
  );
}

export default function ZonesPage() {
  return (
    <>
      <CarteDesZones />
      <ListScreen decl={ZONES} />
    </>
  );
}
