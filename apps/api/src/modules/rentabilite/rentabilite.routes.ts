import {
  rentabiliteChauffeursEndpoint,
  rentabiliteCoursesEndpoint,
  rentabiliteTrajetsEndpoint,
  rentabiliteVehiculesEndpoint,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rapportRoute } from '../accounting/rapport.route';
import { coursesRapport, groupesRapport, vehiculesRapport } from './rentabilite.documents';
import { getRentabiliteCourses, getRentabiliteGroupes, getRentabiliteVehicules } from './rentabilite.service';

// Profitability (issue 27 §5): four reports, each its JSON or its file (`format=xlsx|pdf`), printed as the
// accountant's reports are (accounting/rapport.route.ts). Per driver and per trajet are two routes rather
// than a `groupe=` parameter: each is its own report (its title, its file, its column), as `courses` and
// `vehicules` are, and a route per report keeps the contracts' answers exact.

const PERIODE = 'date_debut et date_fin (défaut : ce mois), au plus 366 jours';

const rentabiliteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Rentabilité'];

  rapportRoute(app, rentabiliteCoursesEndpoint, {
    tags,
    summary: `Rentabilité de chaque course : revenu, carburant (mesuré ou estimé), frais, per diem, part d’entretien, marge ; la plus faible marge d’abord, par pages (${PERIODE} ; format=xlsx|pdf pour le fichier)`,
    compute: (scope, q) => getRentabiliteCourses(app.db, scope, q),
    document: coursesRapport,
  });

  rapportRoute(app, rentabiliteVehiculesEndpoint, {
    tags,
    summary: `Rentabilité de chaque véhicule par mois : revenu, carburant, entretien, documents, frais, marge, coût au km, km, jours (${PERIODE} ; format=xlsx|pdf)`,
    compute: (scope, q) => getRentabiliteVehicules(app.db, scope, q),
    document: vehiculesRapport,
  });

  rapportRoute(app, rentabiliteChauffeursEndpoint, {
    tags,
    summary: `Rentabilité des courses par chauffeur (${PERIODE} ; format=xlsx|pdf)`,
    compute: (scope, q) => getRentabiliteGroupes(app.db, scope, q, 'chauffeur'),
    document: groupesRapport('chauffeur'),
  });

  rapportRoute(app, rentabiliteTrajetsEndpoint, {
    tags,
    summary: `Rentabilité des courses par trajet (${PERIODE} ; format=xlsx|pdf)`,
    compute: (scope, q) => getRentabiliteGroupes(app.db, scope, q, 'trajet'),
    document: groupesRapport('trajet'),
  });
};

export default rentabiliteRoutes;
