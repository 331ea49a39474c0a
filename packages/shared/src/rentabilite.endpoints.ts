import { endpointContract } from './contract';
import {
  RentabiliteCoursesOut,
  RentabiliteCoursesQuery,
  RentabiliteGroupesOut,
  RentabilitePeriodeQuery,
  RentabiliteVehiculesOut,
} from './rentabilite';

// The profitability reports (rentabilite.ts): each answers its JSON, or with `format=xlsx|pdf` its file.

/** Each course of the period: revenue, fuel (measured or estimated), expenses, per diem, maintenance, margin. */
export const rentabiliteCoursesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rentabilite/courses',
  query: RentabiliteCoursesQuery,
  response: RentabiliteCoursesOut,
});

/** Each vehicle's months: revenue, fuel, maintenance, documents, expenses, margin, cost per km, km, days. */
export const rentabiliteVehiculesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rentabilite/vehicules',
  query: RentabilitePeriodeQuery,
  response: RentabiliteVehiculesOut,
});

/** The period's courses summed per driver. */
export const rentabiliteChauffeursEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rentabilite/chauffeurs',
  query: RentabilitePeriodeQuery,
  response: RentabiliteGroupesOut,
});

/** The period's courses summed per trajet. */
export const rentabiliteTrajetsEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rentabilite/trajets',
  query: RentabilitePeriodeQuery,
  response: RentabiliteGroupesOut,
});
