import { useQuery } from '@tanstack/react-query';
import {
  rentabiliteCoursesEndpoint,
  rentabiliteTrajetsEndpoint,
  rentabiliteVehiculesEndpoint,
} from '@yams/shared';
import { endpointQuery } from '../../base/endpointQuery';

// The profitability figures the dashboard's widgets read, on the dashboard's period (one query per report:
// two widgets reading the same report share it).

type Periode = { date_debut?: string; date_fin?: string; entreprise?: string };

/** The period's courses: only the totals are read (one line asked). */
export const useRentabiliteCourses = (p: Periode) =>
  useQuery(endpointQuery(rentabiliteCoursesEndpoint, { query: { ...p, per_page: 1 } }));
export const useRentabiliteVehicules = (p: Periode) =>
  useQuery(endpointQuery(rentabiliteVehiculesEndpoint, { query: p }));
export const useRentabiliteTrajets = (p: Periode) =>
  useQuery(endpointQuery(rentabiliteTrajetsEndpoint, { query: p }));
