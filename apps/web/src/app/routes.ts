import { eagerScreen, lazyScreen, type Screen } from '../base/lazyScreen';
import { ROUTE_PATHS, type RouteName, type RoutePath } from '../base/paths';
import LoginPage from '../features/auth/LoginPage';

/** A route of base/paths.ts with its screen. */
export interface RouteDef extends RoutePath {
  screen: Screen;
}

/** Each route's screen, loaded on first visit (its path, title and access are in base/paths.ts). */
const SCREENS: Record<RouteName, Screen> = {
  login: eagerScreen(LoginPage), // in the entry: no round trip before the sign-in form shows
  forgot_password: lazyScreen(() => import('../features/auth/ForgotPasswordPage')),
  'account.verify': lazyScreen(() => import('../features/auth/VerifyAccountPage')),
  reset_password: lazyScreen(() => import('../features/auth/ResetPasswordPage')),
  confirm_email: lazyScreen(() => import('../features/auth/ConfirmEmailPage')),
  suivi: lazyScreen(() => import('../features/suivi/SuiviPublicPage')),
  accueil: lazyScreen(() => import('../features/home/AccueilPage')),
  dashboard: lazyScreen(() => import('../features/dashboard/DashboardPage')),
  vehicules: lazyScreen(() => import('../features/fleet/VehiculesPage')),
  interventions: lazyScreen(() => import('../features/fleet/InterventionsPage')),
  carburant: lazyScreen(() => import('../features/carburant/CarburantPage')),
  plans_entretien: lazyScreen(() => import('../features/fleet/PlansEntretienPage')),
  documents_a_renouveler: lazyScreen(() => import('../features/fleet/DocumentsARenouvelerPage')),
  clients: lazyScreen(() => import('../features/operations/ClientsPage')),
  courses: lazyScreen(() => import('../features/operations/CoursesPage')),
  demandes: lazyScreen(() => import('../features/operations/DemandesPage')),
  adresses: lazyScreen(() => import('../features/operations/AdressesPage')),
  utilisateurs: lazyScreen(() => import('../features/users/UtilisateursPage')),
  chauffeurs: lazyScreen(() => import('../features/operations/ChauffeursPage')),
  paiements: lazyScreen(() => import('../features/operations/PaiementsPage')),
  programmes: lazyScreen(() => import('../features/operations/CalendrierPage')),
  factures: lazyScreen(() => import('../features/accounting/FacturesPage')),
  achats: lazyScreen(() => import('../features/accounting/AchatsPage')),
  pieces_de_caisse: lazyScreen(() => import('../features/accounting/PiecesDeCaissePage')),
  avances: lazyScreen(() => import('../features/avances/AvancesPage')),
  journaux: lazyScreen(() => import('../features/accounting/JournauxPage')),
  lettrage: lazyScreen(() => import('../features/accounting/LettragePage')),
  rapprochements: lazyScreen(() => import('../features/accounting/RapprochementsPage')),
  grand_livre: lazyScreen(() => import('../features/accounting/GrandLivrePage')),
  balance_agee: lazyScreen(() => import('../features/accounting/BalanceAgeePage')),
  etats_financiers: lazyScreen(() => import('../features/accounting/EtatsFinanciersPage')),
  rentabilite: lazyScreen(() => import('../features/rentabilite/RentabilitePage')),
  'rentabilite.vehicules': lazyScreen(() => import('../features/rentabilite/RentabiliteVehiculesPage')),
  'rentabilite.chauffeurs': lazyScreen(() => import('../features/rentabilite/RentabiliteChauffeursPage')),
  'rentabilite.trajets': lazyScreen(() => import('../features/rentabilite/RentabiliteTrajetsPage')),
  geolocalisation: lazyScreen(() => import('../features/geolocation/GeolocalisationPage')),
  'geolocalisation.historique': lazyScreen(() => import('../features/geolocation/HistoriquePage')),
  'geolocalisation.appareils': lazyScreen(() => import('../features/geolocation/AppareilsPage')),
  'geolocalisation.zones': lazyScreen(() => import('../features/geolocation/ZonesPage')),
  'geolocalisation.resume': lazyScreen(() => import('../features/geolocation/ResumePage')),
  'geolocalisation.temps_sur_site': lazyScreen(() => import('../features/geolocation/TempsSurSitePage')),
  'geolocalisation.evenements': lazyScreen(() => import('../features/geolocation/EvenementsPage')),
  configurations: lazyScreen(() => import('../features/configurations/ConfigurationsPage')),
  'configurations.general': lazyScreen(() => import('../features/configurations/GeneralConfigPage')),
  'configurations.vehicules': lazyScreen(() => import('../features/configurations/VehiculesConfigPage')),
  'configurations.interventions': lazyScreen(
    () => import('../features/configurations/InterventionsConfigPage'),
  ),
  'configurations.courses': lazyScreen(() => import('../features/configurations/CoursesConfigPage')),
  'configurations.entreprise': lazyScreen(() => import('../features/configurations/EntreprisePage')),
  'configurations.audit': lazyScreen(() => import('../features/audit/JournalAuditPage')),
  'active-users': lazyScreen(() => import('../features/users/ActiveUsersPage')),
};

/** THE route table (base/paths.ts), each route with its screen. */
export const ROUTES: readonly RouteDef[] = ROUTE_PATHS.map((r) => ({ ...r, screen: SCREENS[r.name] }));
