// The lines of `npm run bench`: one entry per call to time. A later module (accounting, statistics, GPS)
// adds its lists here, one object each; `{…}` placeholders are filled with ids of the benchmarked company
// (see `ids` in api.bench.ts). `as` says whose token calls it: the company's direction or the superadmin.

export interface BenchLine {
  label: string;
  url: string;
  as?: 'entreprise' | 'superadmin';
  /** Lines with a target: p95 ≤ 50 ms on PostgreSQL at 1 M courses. */
  target?: boolean;
}

const courses = '/api/courses?page=1&per_page=6';
const journaux = '/api/operations?page=1&per_page=12';
const sortable = [
  'code',
  'date_chargement',
  'date_dechargement',
  'montant',
  'statut',
  'type_course',
  'vehicule',
  'client',
];

/** The dashboard's endpoints (p95 ≤ 100 ms at 1 M courses, each period). */
const STATISTIQUES = [
  'kpis',
  'chiffre-affaires',
  'courses-count',
  'top-clients',
  'top-drivers',
  'repartition-by-type',
  'repartition-by-status',
];
const PERIODES = ['jour', 'semaine', 'mois', 'annee'];

export const LINES: BenchLine[] = [
  ...STATISTIQUES.flatMap((path) =>
    PERIODES.map((periode) => ({
      label: `statistiques ${path}, ${periode}`,
      url: `/api/statistiques/${path}?periode=${periode}`,
    })),
  ),
  { label: 'courses, page 1', url: courses, target: true },
  { label: 'courses, superadmin page 1', url: courses, as: 'superadmin', target: true },
  {
    label: 'courses, Non payé + un trimestre',
    url: `${courses}&reglement=Non%20pay%C3%A9&date_debut=2025-01-01&date_fin=2025-03-31`,
    target: true,
  },
  { label: 'courses, compteur (req_count)', url: '/api/courses?req_count=1' },
  { label: 'courses, export (1000 lignes)', url: '/api/courses?limit=1000' },
  { label: 'courses, filtre règlement Acompte', url: `${courses}&reglement=Acompte` },
  { label: 'courses, filtre statut Annulé', url: `${courses}&statut=Annul%C3%A9` },
  { label: 'courses, filtre type Livraison', url: `${courses}&type=Livraison` },
  { label: 'courses, filtre véhicule', url: `${courses}&vehicule={vehicule}` },
  { label: 'courses, filtre client', url: `${courses}&client={client}` },
  { label: 'courses, filtre chauffeur', url: `${courses}&chauffeur={chauffeur}` },
  { label: 'courses, filtre propriétaire', url: `${courses}&proprietaire={proprietaire}` },
  { label: 'courses, filtre période (mois)', url: `${courses}&req_period=2025-06` },
  { label: 'courses, recherche code', url: `${courses}&search=CRS-B0000042` },
  // What users do every day and the first bench had no line for: a common surname fragment (2,000 of the
  // scale seed's 20,000 clients, ~100,000 courses), the start of a code (~1,111 courses), a deep page, a
  // long export, a multi-year range.
  { label: 'courses, recherche nom fréquent (Obame)', url: `${courses}&search=Obame`, target: true },
  { label: 'courses, recherche début de code', url: `${courses}&search=CRS-B00004`, target: true },
  { label: 'courses, page profonde (5000)', url: '/api/courses?page=5000&per_page=6', target: true },
  ...sortable.flatMap((field) => [
    {
      label: `courses, tri ${field}`,
      url: `${courses}&sort=${field}`,
      target: field === 'montant',
    },
    { label: `courses, tri -${field}`, url: `${courses}&sort=-${field}`, target: field === 'montant' },
  ]),
  { label: 'paiements, page 1', url: '/api/paiements?page=1&per_page=6' },
  { label: 'paiements, superadmin page 1', url: '/api/paiements?page=1&per_page=6', as: 'superadmin' },
  { label: 'paiements, tri -montant', url: '/api/paiements?page=1&per_page=6&sort=-montant' },
  { label: 'paiements, page profonde (2000)', url: '/api/paiements?page=2000&per_page=12', target: true },
  { label: 'véhicules, page 1', url: '/api/vehicules?page=1&per_page=6' },
  { label: 'interventions, page 1', url: '/api/interventions?page=1&per_page=6' },
  {
    label: 'interventions, recherche sur cinq ans',
    url: '/api/interventions?page=1&per_page=6&search=vidange&date_debut={cinq_ans}&date_fin={aujourdhui}',
  },
  { label: 'clients, page 1', url: '/api/utilisateurs?type=client&page=1&per_page=6' },
  {
    label: 'clients, recherche nom fréquent (Obame)',
    url: '/api/utilisateurs?type=client&page=1&per_page=6&search=Obame',
  },
  { label: 'clients, page profonde (1000)', url: '/api/utilisateurs?type=client&page=1000&per_page=6' },
  {
    label: 'statistiques top-clients, cinq ans',
    url: '/api/statistiques/top-clients?date_debut={cinq_ans}&date_fin={aujourdhui}',
    target: true,
  },
  { label: 'demandes en attente, compteur', url: '/api/demandes?statut=En%20attente&req_count=1' },
  // Accounting: the PDF of the company's validated invoice with the most lines, journals
  // pages (12 lines, running balance of each account) and the balance générale over the last month, the
  // last year and the whole span of the company's postings (three years with `--scale`).
  { label: 'factures, PDF', url: '/api/factures/{facture}/pdf' },
  { label: 'factures, page 1', url: '/api/factures?page=1&per_page=6' },
  ...(
    [
      ['mois', '{mois}'],
      ['année', '{an}'],
      ['tout', '{debut}'],
    ] as const
  ).flatMap(([periode, debut]) => [
    { label: `journaux, page 1 (${periode})`, url: `${journaux}&date_debut=${debut}&date_fin={fin}` },
    {
      label: `journaux, Vente (${periode})`,
      url: `${journaux}&date_debut=${debut}&date_fin={fin}&type=Vente`,
    },
    {
      label: `journaux, compte 411 (${periode})`,
      url: `${journaux}&date_debut=${debut}&date_fin={fin}&compte=411`,
    },
    {
      label: `journaux, Caisse + compte 571 (${periode})`,
      url: `${journaux}&date_debut=${debut}&date_fin={fin}&type=Caisse&compte=571`,
    },
    {
      label: `balance générale (${periode})`,
      url: `/api/operations/balance?date_debut=${debut}&date_fin={fin}`,
    },
  ]),
  // Geolocation: at scale, a device of a year of positions (bench/scale-gps.sql).
  { label: 'géolocalisation, appareils page 1', url: '/api/appareils?page=1&per_page=10' },
  {
    label: "géolocalisation, trace d'un jour",
    url: '/api/appareils/{appareil}/trace?date_debut={hier}&date_fin={hier}',
  },
  {
    label: "géolocalisation, trace d'une semaine",
    url: '/api/appareils/{appareil}/trace?date_debut={semaine}&date_fin={hier}',
  },
  // Profitability (issue 27 §5: per vehicle over a year, p95 ≤ 100 ms on PostgreSQL at 1 M courses and 300
  // vehicles; not yet measured at scale, see docs/rentabilite.md « Performance »).
  {
    label: 'rentabilité véhicules, une année',
    url: '/api/rentabilite/vehicules?date_debut={an}&date_fin={fin}',
  },
  {
    label: 'rentabilité véhicules, un véhicule sur une année',
    url: '/api/rentabilite/vehicules?date_debut={an}&date_fin={fin}&vehicule={vehicule}',
  },
  {
    label: 'rentabilité courses, un mois (page 1)',
    url: '/api/rentabilite/courses?date_debut={mois}&date_fin={fin}',
  },
  { label: 'rentabilité trajets, un mois', url: '/api/rentabilite/trajets?date_debut={mois}&date_fin={fin}' },
  // Tracking reports (issue 28): one vehicle's trips and stops over a month (p95 ≤ 200 ms) and the summary
  // of the 50 scale devices over a month (≤ 1 s).
  {
    label: 'rapports GPS, trajets et arrêts, un véhicule sur un mois',
    url: '/api/rapports/trajets?appareil_id={appareil}&date_debut={mois_gps}&date_fin={hier}',
  },
  {
    label: 'rapports GPS, résumé de la flotte sur un mois',
    url: '/api/rapports/resume?date_debut={mois_gps}&date_fin={hier}',
  },
  // The accountant's reports (issue 29, p95 ≤ 100 ms): the grand livre of 521 over a year, the aged
  // balance of the clients, the bilan and compte de résultat of a year.
  {
    label: 'grand livre 521, une année',
    url: '/api/comptabilite/grand-livre?compte=521&date_debut={an}&date_fin={fin}',
  },
  { label: 'balance âgée clients', url: '/api/comptabilite/balance-agee' },
  {
    label: 'états financiers, une année',
    url: '/api/comptabilite/etats-financiers?date_debut={an}&date_fin={fin}',
  },
  {
    label: 'journaux, dernière page (tout)',
    url: `/api/operations?page={derniere}&per_page=12&date_debut={debut}&date_fin={fin}`,
  },
];

/**
 * The per-address limits (plugins/limits.ts) set out of reach: a bench and a crash cycle send thousands of
 * messages a second from loopback to measure throughput and durability, not the limits (whose hook still
 * runs on every request). A variable of the environment still wins.
 */
export const BENCH_LIMITS = {
  LIMITE_GPS_PAR_MINUTE: '100000000',
  LIMITE_PUBLIC_PAR_MINUTE: '100000000',
};
