import { z } from 'zod';
import {
  CarburantBody,
  ChauffeurActiviteOut,
  CodeLivraisonBody,
  CodeLivraisonOut,
  CourseChauffeurDetailOut,
  CourseChauffeurOut,
  EtapeBody,
  EtapeOut,
  FraisBody,
  IncidentBody,
  JournalRouteOut,
  LivraisonBody,
  LivraisonOut,
  PositionsBody,
  PositionsOut,
  ReleveOut,
  TelephoneChauffeurOut,
  TraiterIncidentBody,
} from './chauffeur.schemas';
import { endpointContract } from './contract';
import { IdParams } from './list-query';

// The driver's app's API: `/api/chauffeur/…`, reached by a token of the app only
// (`source: "chauffeur"`), and only on the driver's own courses. The app types its calls with
// `import type` (its small entry carries no zod).

export const chauffeurCoursesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/chauffeur/courses',
  response: z.array(CourseChauffeurOut),
});

export const chauffeurCourseEndpoint = endpointContract({
  method: 'GET',
  path: '/api/chauffeur/courses/:id',
  params: IdParams,
  response: CourseChauffeurDetailOut,
});

export const chauffeurEtapeEndpoint = endpointContract({
  method: 'POST',
  path: '/api/chauffeur/courses/:id/etapes',
  params: IdParams,
  body: EtapeBody,
  response: EtapeOut,
});

export const chauffeurLivraisonEndpoint = endpointContract({
  method: 'POST',
  path: '/api/chauffeur/courses/:id/livraison',
  params: IdParams,
  body: LivraisonBody,
  multipart: true,
  response: LivraisonOut,
});

export const chauffeurCarburantEndpoint = endpointContract({
  method: 'POST',
  path: '/api/chauffeur/carburant',
  body: CarburantBody,
  multipart: true,
  response: ReleveOut,
});

export const chauffeurFraisEndpoint = endpointContract({
  method: 'POST',
  path: '/api/chauffeur/frais',
  body: FraisBody,
  multipart: true,
  response: ReleveOut,
});

export const chauffeurIncidentEndpoint = endpointContract({
  method: 'POST',
  path: '/api/chauffeur/incidents',
  body: IncidentBody,
  multipart: true,
  response: ReleveOut,
});

/** The phone's positions while the app is open, into the GPS pipeline as the phone's own device. */
export const chauffeurPositionsEndpoint = endpointContract({
  method: 'POST',
  path: '/api/chauffeur/positions',
  body: PositionsBody,
  response: PositionsOut,
});

/** The phone as a GPS device (registered on first call): what Traccar Client needs, for background tracking. */
export const chauffeurTelephoneEndpoint = endpointContract({
  method: 'GET',
  path: '/api/chauffeur/telephone',
  response: TelephoneChauffeurOut,
});

/** The office's « Chauffeurs » view: who is on which course, last seen, last place, recent incidents. */
export const chauffeursActiviteEndpoint = endpointContract({
  method: 'GET',
  path: '/api/chauffeurs/activite',
  response: z.array(ChauffeurActiviteOut),
});

/** The office: a course's road log (steps, proof of delivery, fuel, expenses, incidents). */
export const courseJournalRouteEndpoint = endpointContract({
  method: 'GET',
  path: '/api/courses/:id/route',
  params: IdParams,
  response: JournalRouteOut,
});

/** The office: a photo or a signature of the road log, to the company only (never a public URL). */
export const photoChauffeurEndpoint = endpointContract({
  method: 'GET',
  path: '/api/photos-chauffeur/:id',
  params: IdParams,
});

/** The office asks for a delivery code on a course (a new 6-digit code), or no longer does. */
export const courseCodeLivraisonEndpoint = endpointContract({
  method: 'POST',
  path: '/api/courses/:id/code-livraison',
  params: IdParams,
  body: CodeLivraisonBody,
  response: CodeLivraisonOut,
});

/** The office: the course's sheet as a PDF (the driver's steps, proof of delivery, fuel, expenses). */
export const courseFicheEndpoint = endpointContract({
  method: 'GET',
  path: '/api/courses/:id/fiche',
  params: IdParams,
});

/** The office handles an incident reported from the road (once): what it did, who, when. */
export const traiterIncidentEndpoint = endpointContract({
  method: 'POST',
  path: '/api/incidents-route/:id/traiter',
  params: IdParams,
  body: TraiterIncidentBody,
  response: ReleveOut,
});
