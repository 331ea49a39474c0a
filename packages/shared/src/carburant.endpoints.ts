import { z } from 'zod';
import {
  ConsommationLigne,
  ConsommationQuery,
  PleinOut,
  RecuCarburantBody,
  ReleveKilometrage,
} from './carburant.schemas';
import { endpointContract } from './contract';
import { importEndpoint } from './import.endpoints';
import { IdParams } from './list-query';

/** Consumption per vehicle and month, full tank to full tank (carburant.rules.ts). */
export const consommationCarburantEndpoint = endpointContract({
  method: 'GET',
  path: '/api/carburant/consommation',
  query: ConsommationQuery,
  response: z.array(ConsommationLigne),
});

/** The receipt's photo of a fill, joined or replaced (multipart, part « photo »). */
export const recuCarburantEndpoint = endpointContract({
  method: 'POST',
  path: '/api/carburant/:id/recu',
  params: IdParams,
  body: RecuCarburantBody,
  multipart: true,
  response: PleinOut,
});

/** A fuel card's file (CSV or Excel read by the browser): every line written, or none. */
export const importCarburantEndpoint = importEndpoint('/api/carburant');

/** A vehicle's odometer readings, newest first, each with its source (fills, interventions, driver's app). */
export const kilometrageVehiculeEndpoint = endpointContract({
  method: 'GET',
  path: '/api/vehicules/:id/kilometrage',
  params: IdParams,
  response: z.array(ReleveKilometrage),
});
