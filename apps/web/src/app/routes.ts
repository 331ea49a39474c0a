import { lazyScreen, type Screen } from './lazyScreen';

/**
 * THE route table: every path and name of the specification (section 2), the title of each screen and who
 * may see it. Screens are loaded on first visit.
 * - guest: only without a verified session (login, forgot password);
 * - verify: a signed-in account still to verify;
 * - public: anyone (the reset link from the mail);
 * - private: a verified session, inside the layout;
 * - open: anyone, a whole page outside every layout (the public tracking page of a course).
 */
export type Access = 'guest' | 'verify' | 'public' | 'private' | 'open';

export interface RouteDef {
  name: string;
  path: string;
  title: string;
  access: Access;
  screen: Screen;
  /** A child route rendered inside its parent's screen. */
  parent?: string;
}

export const ROUTES = [
  {
    name: 'login',
    path: '/se-connecter',
    title: 'Connexion',
    access: 'guest',
    screen: lazyScreen(() => import('../features/auth/LoginPage')),
  },
  {
    name: 'forgot_password',
    path: '/mot-de-passe-oublie',
    title: 'Mot de passe oublié',
    access: 'guest',
    screen: lazyScreen(() => import('../features/auth/ForgotPasswordPage')),
  },
  {
    name: 'account.verify',
    path: '/verifier-mon-compte',
    title: 'Vérification du compte',
    access: 'verify',
    screen: lazyScreen(() => import('../features/auth/VerifyAccountPage')),
  },
  {
    name: 'reset_password',
    path: '/reinitialiser-mot-de-passe',
    title: 'Nouveau mot de passe',
    access: 'public',
    screen: lazyScreen(() => import('../features/auth/ResetPasswordPage')),
  },
  {
    name: 'suivi',
    path: '/suivi/:token',
    title: 'Suivi de course',
    access: 'open',
    screen: lazyScreen(() => import('../features/suivi/SuiviPublicPage')),
  },
  {
    name: 'accueil',
    path: '/',
    title: 'Accueil',
    access: 'private',
    screen: lazyScreen(() => import('../features/home/AccueilPage')),
  },
  {
    name: 'dashboard',
    path: '/tableau-de-bord',
    title: 'Tableau de bord',
    access: 'private',
    screen: lazyScreen(() => import('../features/dashboard/DashboardPage')),
  },
  {
    name: 'vehicules',
    path: '/parc-auto/vehicules',
    title: 'Véhicules',
    access: 'private',
    screen: lazyScreen(() => import('../features/fleet/VehiculesPage')),
  },
  {
    name: 'interventions',
    path: '/parc-auto/interventions',
    title: 'Interventions',
    access: 'private',
    screen: lazyScreen(() => import('../features/fleet/InterventionsPage')),
  },
  {
    name: 'clients',
    path: '/operations/clients',
    title: 'Clients',
    access: 'private',
    screen: lazyScreen(() => import('../features/operations/ClientsPage')),
  },
  {
    name: 'courses',
    path: '/operations/courses',
    title: 'Courses',
    access: 'private',
    screen: lazyScreen(() => import('../features/operations/CoursesPage')),
  },
  {
    name: 'demandes',
    path: '/operations/demandes',
    title: 'Demandes',
    access: 'private',
    screen: lazyScreen(() => import('../features/operations/DemandesPage')),
  },
  {
    name: 'adresses',
    path: '/operations/adresses',
    title: 'Adresses',
    access: 'private',
    screen: lazyScreen(() => import('../features/operations/AdressesPage')),
  },
  {
    name: 'utilisateurs',
    path: '/ressources-humaines',
    title: 'Ressources Humaines',
    access: 'private',
    screen: lazyScreen(() => import('../features/users/UtilisateursPage')),
  },
  {
    name: 'paiements',
    path: '/operations/paiements',
    title: 'Paiements',
    access: 'private',
    screen: lazyScreen(() => import('../features/operations/PaiementsPage')),
  },
  {
    name: 'programmes',
    path: '/operations/calendrier',
    title: 'Calendrier',
    access: 'private',
    screen: lazyScreen(() => import('../features/operations/CalendrierPage')),
  },
  {
    name: 'factures',
    path: '/comptabilite/factures',
    title: 'Factures',
    access: 'private',
    screen: lazyScreen(() => import('../features/accounting/FacturesPage')),
  },
  {
    name: 'achats',
    path: '/comptabilite/achats',
    title: 'Achats',
    access: 'private',
    screen: lazyScreen(() => import('../features/accounting/AchatsPage')),
  },
  {
    name: 'pieces_de_caisse',
    path: '/comptabilite/pieces-de-caisse',
    title: 'Pieces de caisse',
    access: 'private',
    screen: lazyScreen(() => import('../features/accounting/PiecesDeCaissePage')),
  },
  {
    name: 'journaux',
    path: '/comptabilite/journaux',
    title: 'Journaux',
    access: 'private',
    screen: lazyScreen(() => import('../features/accounting/JournauxPage')),
  },
  {
    name: 'geolocalisation',
    path: '/geolocalisation',
    title: 'Geolocalisation',
    access: 'private',
    screen: lazyScreen(() => import('../features/geolocation/GeolocalisationPage')),
  },
  {
    name: 'geolocalisation.historique',
    path: '/geolocalisation/historique',
    title: 'Historique des trajets',
    access: 'private',
    parent: 'geolocalisation',
    screen: lazyScreen(() => import('../features/geolocation/HistoriquePage')),
  },
  {
    name: 'geolocalisation.appareils',
    path: '/geolocalisation/appareils',
    title: 'Appareils',
    access: 'private',
    parent: 'geolocalisation',
    screen: lazyScreen(() => import('../features/geolocation/AppareilsPage')),
  },
  {
    name: 'configurations',
    path: '/configurations',
    title: 'Configurations',
    access: 'private',
    screen: lazyScreen(() => import('../features/configurations/ConfigurationsPage')),
  },
  {
    name: 'configurations.general',
    path: '/configurations/general',
    title: 'Configuration générale',
    access: 'private',
    parent: 'configurations',
    screen: lazyScreen(() => import('../features/configurations/GeneralConfigPage')),
  },
  {
    name: 'configurations.vehicules',
    path: '/configurations/vehicules',
    title: 'Parametres des vehicules',
    access: 'private',
    parent: 'configurations',
    screen: lazyScreen(() => import('../features/configurations/VehiculesConfigPage')),
  },
  {
    name: 'configurations.interventions',
    path: '/configurations/interventions',
    title: 'Parametres des interventions',
    access: 'private',
    parent: 'configurations',
    screen: lazyScreen(() => import('../features/configurations/InterventionsConfigPage')),
  },
  {
    name: 'configurations.courses',
    path: '/configurations/courses',
    title: 'Parametres des courses',
    access: 'private',
    parent: 'configurations',
    screen: lazyScreen(() => import('../features/configurations/CoursesConfigPage')),
  },
  {
    name: 'configurations.entreprise',
    path: '/configurations/entreprise',
    title: 'Entreprise',
    access: 'private',
    parent: 'configurations',
    screen: lazyScreen(() => import('../features/configurations/EntreprisePage')),
  },
  {
    name: 'configurations.audit',
    path: '/configurations/journal-audit',
    title: "Journal d'audit",
    access: 'private',
    parent: 'configurations',
    screen: lazyScreen(() => import('../features/audit/JournalAuditPage')),
  },
  {
    name: 'active-users',
    path: '/utilisateurs-connectes',
    title: 'Utilisateurs connectes',
    access: 'private',
    screen: lazyScreen(() => import('../features/users/ActiveUsersPage')),
  },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

/** `PATHS.vehicules === '/parc-auto/vehicules'`. */
export const PATHS = Object.fromEntries(ROUTES.map((r) => [r.name, r.path])) as { [K in RouteName]: string };

/** `/configurations` opens its first tab. */
export const REDIRECTS: Partial<Record<RouteName, RouteName>> = { configurations: 'configurations.general' };

export function routeByName(name: RouteName): RouteDef {
  return ROUTES.find((r) => r.name === name)!;
}
