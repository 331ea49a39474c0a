import { DOCUMENT_ECHEANCES, type DocumentOut, echeanceTexte, todayInGabon } from '@yams/shared';
import { Link } from 'react-router';
import { PATHS } from '../../base/paths';
import { EMPTY_VALUE } from '../../components/list/DisplayValue';
import { ListScreen } from '../../components/list/ListScreen';
import type { ListDecl } from '../../components/list/types';
import { openLink } from '../../components/list/useOpenFromUrl';
import { StatusTag } from '../../components/StatusTag';
import { documents } from './api';
import { DOCUMENT_LABELS } from './labels';
import { vehiculeSource } from './vehiculeFields';

type D = DocumentOut;

const echeanceOptions = Object.entries(DOCUMENT_ECHEANCES).map(([value, label]) => ({ value, label }));

/**
 * Documents à renouveler: every document expired or expiring within 30 days and not replaced since
 * (the API's `?echeance=`, the rule of the daily reminder), filtered by échéance and vehicle; the vehicle opens
 * where a new document is added. Reached from the fleet menu and the bell's reminders.
 */
export const DOCUMENTS_A_RENOUVELER: ListDecl<D> = {
  title: 'Documents à renouveler',
  resource: documents,
  labels: {
    ...DOCUMENT_LABELS,
    vehicule: 'Véhicule',
    camion_id: 'Véhicule',
    echeance: 'Échéance',
  },
  baseQuery: { echeance: 'a_renouveler' },
  fields: [
    { key: 'libelle', sort: true },
    {
      key: 'vehicule',
      value: (d) => d.camion?.plaque,
      path: 'camion.plaque',
      sort: 'vehicule',
      render: (d) =>
        d.camion ? <Link to={openLink(PATHS.vehicules, d.camion.id)}>{d.camion.plaque}</Link> : EMPTY_VALUE,
    },
    { key: 'date_expiration', format: 'date', sort: true },
    {
      key: 'echeance',
      value: (d) => (d.date_expiration ? echeanceTexte(d.date_expiration, todayInGabon()) : undefined),
      export: false,
    },
    {
      key: 'etat',
      value: (d) => d.etat,
      path: 'etat',
      format: 'tag',
      tag: 'document',
      render: (d) => <StatusTag lifecycle="document" value={d.etat} />,
    },
  ],
  filters: [
    { type: 'select', name: 'echeance', options: echeanceOptions },
    { type: 'select', name: 'camion_id', source: vehiculeSource },
  ],
  card: {
    title: (d) => d.libelle,
    subtitle: (d) => d.camion?.plaque ?? '',
    extra: (d) => <StatusTag lifecycle="document" value={d.etat} />,
    fields: ['date_expiration', 'echeance'],
  },
  detail: {
    title: (d) => (d.camion ? `${d.libelle} · ${d.camion.plaque}` : d.libelle),
  },
};

export default function DocumentsARenouvelerPage() {
  return <ListScreen decl={DOCUMENTS_A_RENOUVELER} />;
}
