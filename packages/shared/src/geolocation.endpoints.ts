import { z } from 'zod';
import { RapportEvenementsOut, RapportEvenementsQuery } from './alertes';
import { endpointContract } from './contract';
import { CourseEvenementOut, LienSuiviCreeOut, LienSuiviOut, RapportTrajetsOut } from './geolocation';
import { IdParams } from './list-query';
import { RapportTrajetsQuery, TraceExportQuery } from './queries';
import { RapportResumeOut, RapportResumeQuery, RapportZonesOut, RapportZonesQuery } from './zones';

// A course's GPS events and public tracking links (the course's 'Suivi' tab), and a track's export.
// The public page's own contract is in `suivi.endpoints.ts`, so that page loads nothing else.

/** A course's GPS events (arrival and departure at loading and at destination). */
export const courseEvenementsEndpoint = endpointContract({
  method: 'GET',
  path: '/api/courses/:id/evenements',
  params: IdParams,
  response: z.array(CourseEvenementOut),
});

/** A course's public tracking links (never their tokens). */
export const liensSuiviEndpoint = endpointContract({
  method: 'GET',
  path: '/api/courses/:id/suivi',
  params: IdParams,
  response: z.array(LienSuiviOut),
});

/** Creates a public tracking link of the course: its token is given this once. */
export const creerLienSuiviEndpoint = endpointContract({
  method: 'POST',
  path: '/api/courses/:id/suivi',
  params: IdParams,
  response: LienSuiviCreeOut,
});

/** Revokes the course's active tracking links: answers how many were. */
export const revoquerLiensSuiviEndpoint = endpointContract({
  method: 'POST',
  path: '/api/courses/:id/suivi/revoke',
  params: IdParams,
  response: z.object({ revoques: z.number() }),
});

/** A device's track over days as a CSV or Excel file (distance, driving time and stops per day). */
export const traceExportEndpoint = endpointContract({
  method: 'GET',
  path: '/api/appareils/:id/trace/export',
  params: IdParams,
  query: TraceExportQuery,
});

// ---------- Tracking reports ----------

/** A device's trips (movement between stops, cut at long silences) and stops over a day range. */
export const rapportTrajetsEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rapports/trajets',
  query: RapportTrajetsQuery,
  response: RapportTrajetsOut,
});

/** Every vehicle's (and driver's) distance, driving time, stops, top speed, idle time, positions over a period. */
export const rapportResumeEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rapports/resume',
  query: RapportResumeQuery,
  response: RapportResumeOut,
});

/** Time on site: each visit of a zone (or of a course's pickup or drop-off) over a period. */
export const rapportZonesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rapports/zones',
  query: RapportZonesQuery,
  response: RapportZonesOut,
});

/** The GPS events of a period (alerts: overspeed, long stops, idle engine, silent devices, zones). */
export const rapportEvenementsEndpoint = endpointContract({
  method: 'GET',
  path: '/api/rapports/evenements',
  query: RapportEvenementsQuery,
  response: RapportEvenementsOut,
});
