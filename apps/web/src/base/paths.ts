import { historyState } from './nav';

/**
 * THE route table, without the screens: every path and name of the specification, the title of
 * each screen and who may see it. Screens link to each other through it (`PATHS.vehicules`); app/routes.ts
 * gives each name its screen, loaded on first visit.
 * - guest: only without a verified session (login, forgot password);
 * - verify: a signed-in account still to verify;
 * - public: anyone (the reset link from the mail);
 * - private: a verified session, inside the layout;
 * - open: anyone, a whole page outside every layout (the public tracking page of a course).
 */
export type Access = 'guest' | 'verify' | 'public' | 'private' | 'open';

export interface RoutePath {
  name: string;
  path: string;
  title: string;
  access: Access;
  /** A child route rendered inside its parent's screen. */
  parent?: string;
}

export const ROUTE_PATHS = [
  {
    name: 'login',
    path: '/se-connecter',
    title: 'Connexion',
    access: 'guest',
  },
  {
    name: 'forgot_password',
    path: '/mot-de-passe-oublie',
    title: 'Mot de passe oublié',
    access: 'guest',
  },
  {
    name: 'account.verify',
    path: '/verifier-mon-compte',
    title: 'Vérification du compte',
    access: 'verify',
  },
  {
    name: 'reset_password',
    path: '/reinitialiser-mot-de-passe',
    title: 'Nouveau mot de passe',
    access: 'public',
  },
  {
    name: 'confirm_email',
    path: '/confirmer-email',
    title: 'Confirmation de l’adresse email',
    access: 'public',
  },
  {
    name: 'suivi',
    path: '/suivi/:token',
    title: 'Suivi de course',
    access: 'open',
  },
  {
    name: 'accueil',
    path: '/',
    title: 'Accueil',
    access: 'private',
  },
  {
    name: 'dashboard',
    path: '/tableau-de-bord',
    title: 'Tableau de bord',
    access: 'private',
  },
  {
    name: 'vehicules',
    path: '/parc-auto/vehicules',
    title: 'Véhicules',
    access: 'private',
  },
  {
    name: 'interventions',
    path: '/parc-auto/interventions',
    title: 'Interventions',
    access: 'private',
  },
  {
    name: 'carburant',
    path: '/parc-auto/carburant',
    title: 'Carburant',
    access: 'private',
  },
  {
    name: 'plans_entretien',
    path: '/parc-auto/plans-entretien',
    title: "Plans d'entretien",
    access: 'private',
  },
  {
    name: 'documents_a_renouveler',
    path: '/parc-auto/documents-a-renouveler',
    title: 'Documents à renouveler',
    access: 'private',
  },
  {
    name: 'rentabilite',
    path: '/parc-auto/rentabilite',
    title: 'Rentabilité',
    access: 'private',
  },
  {
    name: 'rentabilite.vehicules',
    path: '/parc-auto/rentabilite/vehicules',
    title: 'Rentabilité par véhicule',
    access: 'private',
    parent: 'rentabilite',
  },
  {
    name: 'rentabilite.chauffeurs',
    path: '/parc-auto/rentabilite/chauffeurs',
    title: 'Rentabilité par chauffeur',
    access: 'private',
    parent: 'rentabilite',
  },
  {
    name: 'rentabilite.trajets',
    path: '/parc-auto/rentabilite/trajets',
    title: 'Rentabilité par trajet',
    access: 'private',
    parent: 'rentabilite',
  },
  {
    name: 'clients',
    path: '/operations/clients',
    title: 'Clients',
    access: 'private',
  },
  {
    name: 'courses',
    path: '/operations/courses',
    title: 'Courses',
    access: 'private',
  },
  {
    name: 'demandes',
    path: '/operations/demandes',
    title: 'Demandes',
    access: 'private',
  },
  {
    name: 'adresses',
    path: '/operations/adresses',
    title: 'Adresses',
    access: 'private',
  },
  {
    name: 'chauffeurs',
    path: '/operations/chauffeurs',
    title: 'Chauffeurs',
    access: 'private',
  },
  {
    name: 'utilisateurs',
    path: '/ressources-humaines',
    title: 'Ressources Humaines',
    access: 'private',
  },
  {
    name: 'paiements',
    path: '/operations/paiements',
    title: 'Paiements',
    access: 'private',
  },
  {
    name: 'programmes',
    path: '/operations/calendrier',
    title: 'Calendrier',
    access: 'private',
  },
  {
    name: 'factures',
    path: '/comptabilite/factures',
    title: 'Factures',
    access: 'private',
  },
  {
    name: 'achats',
    path: '/comptabilite/achats',
    title: 'Achats',
    access: 'private',
  },
  {
    name: 'pieces_de_caisse',
    path: '/comptabilite/pieces-de-caisse',
    title: 'Pièces de caisse',
    access: 'private',
  },
  {
    name: 'avances',
    path: '/comptabilite/avances',
    title: 'Avances de frais de route',
    access: 'private',
  },
  {
    name: 'journaux',
    path: '/comptabilite/journaux',
    title: 'Journaux',
    access: 'private',
  },
  {
    name: 'lettrage',
    path: '/comptabilite/lettrage',
    title: 'Lettrage',
    access: 'private',
  },
  {
    name: 'rapprochements',
    path: '/comptabilite/rapprochements',
    title: 'Rapprochements',
    access: 'private',
  },
  {
    name: 'grand_livre',
    path: '/comptabilite/grand-livre',
    title: 'Grand livre',
    access: 'private',
  },
  {
    name: 'balance_agee',
    path: '/comptabilite/balance-agee',
    title: 'Balance âgée',
    access: 'private',
  },
  {
    name: 'etats_financiers',
    path: '/comptabilite/etats-financiers',
    title: 'États financiers',
    access: 'private',
  },
  {
    name: 'geolocalisation',
    path: '/geolocalisation',
    title: 'Géolocalisation',
    access: 'private',
  },
  {
    name: 'geolocalisation.historique',
    path: '/geolocalisation/historique',
    title: 'Historique des trajets',
    access: 'private',
    parent: 'geolocalisation',
  },
  {
    name: 'geolocalisation.appareils',
    path: '/geolocalisation/appareils',
    title: 'Appareils',
    access: 'private',
    parent: 'geolocalisation',
  },
  {
    name: 'geolocalisation.zones',
    path: '/geolocalisation/zones',
    title: 'Zones',
    access: 'private',
    parent: 'geolocalisation',
  },
  {
    name: 'geolocalisation.resume',
    path: '/geolocalisation/resume',
    title: 'Résumé',
    access: 'private',
    parent: 'geolocalisation',
  },
  {
    name: 'geolocalisation.temps_sur_site',
    path: '/geolocalisation/temps-sur-site',
    title: 'Temps sur site',
    access: 'private',
    parent: 'geolocalisation',
  },
  {
    name: 'geolocalisation.evenements',
    path: '/geolocalisation/evenements',
    title: 'Événements',
    access: 'private',
    parent: 'geolocalisation',
  },
  {
    name: 'configurations',
    path: '/configurations',
    title: 'Configurations',
    access: 'private',
  },
  {
    name: 'configurations.general',
    path: '/configurations/general',
    title: 'Configuration générale',
    access: 'private',
    parent: 'configurations',
  },
  {
    name: 'configurations.vehicules',
    path: '/configurations/vehicules',
    title: 'Paramètres des véhicules',
    access: 'private',
    parent: 'configurations',
  },
  {
    name: 'configurations.interventions',
    path: '/configurations/interventions',
    title: 'Paramètres des interventions',
    access: 'private',
    parent: 'configurations',
  },
  {
    name: 'configurations.courses',
    path: '/configurations/courses',
    title: 'Paramètres des courses',
    access: 'private',
    parent: 'configurations',
  },
  {
    name: 'configurations.entreprise',
    path: '/configurations/entreprise',
    title: 'Entreprise',
    access: 'private',
    parent: 'configurations',
  },
  {
    name: 'configurations.audit',
    path: '/configurations/journal-audit',
    title: "Journal d'audit",
    access: 'private',
    parent: 'configurations',
  },
  {
    name: 'active-users',
    path: '/utilisateurs-connectes',
    title: 'Utilisateurs connectés',
    access: 'private',
  },
] as const satisfies readonly RoutePath[];

export type RouteName = (typeof ROUTE_PATHS)[number]['name'];

/** `PATHS.vehicules === '/parc-auto/vehicules'`. */
export const PATHS = Object.fromEntries(ROUTE_PATHS.map((r) => [r.name, r.path])) as {
  [K in RouteName]: string;
};

/** `/configurations` opens its first tab. */
export const REDIRECTS: Partial<Record<RouteName, RouteName>> = { configurations: 'configurations.general' };

export function routeByName(name: RouteName): RoutePath {
  return ROUTE_PATHS.find((r) => r.name === name)!;
}

/** Where the login page sends a user once signed in: the page they first asked for, or accueil. */
export function returnPath(): string {
  const from = historyState<{ from?: string }>()?.from;
  return from && from !== PATHS.login ? from : PATHS.accueil;
}

/** `/suivi/:token` matches `/suivi/abc`; a trailing slash does not count. */
function matches(pattern: string, pathname: string): boolean {
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  const want = clean(pattern).split('/');
  const got = clean(pathname).split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/** The route a path opens, or undefined for an unknown path (the signed-in layout's 'page not found'). */
export function routeOfPath(pathname: string): RoutePath | undefined {
  return ROUTE_PATHS.find((r) => matches(r.path, pathname));
}
