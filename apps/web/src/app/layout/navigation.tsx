import {
  CarOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  ReconciliationOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { PATHS, type RouteName } from '../../base/paths';

/** A side bar entry: a link to a route, or a group of entries (the specification, "Navigation groups"). */
export type NavEntry =
  | { key: string; label: string; icon?: ReactNode; route: RouteName }
  | { key: string; label: string; icon?: ReactNode; children: NavEntry[] };

export const NAVIGATION: NavEntry[] = [
  { key: 'accueil', label: 'Accueil', icon: <HomeOutlined aria-hidden />, route: 'accueil' },
  {
    key: 'parc-auto',
    label: 'Parc Automobile',
    icon: <CarOutlined aria-hidden />,
    children: [
      { key: 'vehicules', label: 'Véhicules', route: 'vehicules' },
      { key: 'interventions', label: 'Interventions', route: 'interventions' },
      { key: 'carburant', label: 'Carburant', route: 'carburant' },
      { key: 'plans_entretien', label: "Plans d'entretien", route: 'plans_entretien' },
      { key: 'documents-a-renouveler', label: 'Documents à renouveler', route: 'documents_a_renouveler' },
      { key: 'rentabilite', label: 'Rentabilité', route: 'rentabilite' },
    ],
  },
  {
    key: 'utilisateurs',
    label: 'Ressources Humaines',
    icon: <TeamOutlined aria-hidden />,
    route: 'utilisateurs',
  },
  {
    key: 'operations',
    label: 'Opérations',
    icon: <SwapOutlined aria-hidden />,
    children: [
      { key: 'clients', label: 'Clients', route: 'clients' },
      {
        key: 'operations-courses',
        label: 'Courses',
        children: [
          { key: 'courses', label: 'Programmes', route: 'courses' },
          { key: 'demandes', label: 'Demandes', route: 'demandes' },
        ],
      },
      { key: 'chauffeurs', label: 'Chauffeurs', route: 'chauffeurs' },
      { key: 'paiements', label: 'Paiements', route: 'paiements' },
      { key: 'programmes', label: 'Calendrier', route: 'programmes' },
      { key: 'adresses', label: 'Adresses', route: 'adresses' },
    ],
  },
  {
    key: 'comptabilite',
    label: 'Comptabilité',
    icon: <ReconciliationOutlined aria-hidden />,
    children: [
      { key: 'factures', label: 'Factures', route: 'factures' },
      { key: 'achats', label: 'Achats', route: 'achats' },
      { key: 'pieces_de_caisse', label: 'Pièces de caisse', route: 'pieces_de_caisse' },
      { key: 'avances', label: 'Avances de frais', route: 'avances' },
      { key: 'journaux', label: 'Journaux', route: 'journaux' },
      { key: 'lettrage', label: 'Lettrage', route: 'lettrage' },
      { key: 'rapprochements', label: 'Rapprochements', route: 'rapprochements' },
      { key: 'grand_livre', label: 'Grand livre', route: 'grand_livre' },
      { key: 'balance_agee', label: 'Balance âgée', route: 'balance_agee' },
      { key: 'etats_financiers', label: 'États financiers', route: 'etats_financiers' },
    ],
  },
  {
    key: 'geolocalisation',
    label: 'Géolocalisation',
    icon: <EnvironmentOutlined aria-hidden />,
    route: 'geolocalisation',
  },
  { key: 'dashboard', label: 'Tableau de bord', icon: <DashboardOutlined aria-hidden />, route: 'dashboard' },
  {
    key: 'configurations',
    label: 'Configurations',
    icon: <SettingOutlined aria-hidden />,
    route: 'configurations',
  },
];

/** The entry of the current path (the longest matching route path) and the groups that contain it. */
export function activeEntry(pathname: string): { key: string | null; groups: string[] } {
  let best: { key: string; groups: string[]; length: number } | null = null;
  const visit = (entries: NavEntry[], groups: string[]) => {
    for (const entry of entries) {
      if ('children' in entry) {
        visit(entry.children, [...groups, entry.key]);
        continue;
      }
      const path = PATHS[entry.route];
      const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
      if (matches && (!best || path.length > best.length))
        best = { key: entry.key, groups, length: path.length };
    }
  };
  visit(NAVIGATION, []);
  const found = best as { key: string; groups: string[] } | null;
  return found ? { key: found.key, groups: found.groups } : { key: null, groups: [] };
}
