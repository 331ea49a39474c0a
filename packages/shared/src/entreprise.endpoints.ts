import { endpointContract } from './contract';
import { EntrepriseQuery, LogoBody, ParametresEntrepriseBody, ParametresEntrepriseOut } from './entreprise';

// The company's settings (Configurations → Entreprise, the dashboard's monthly target). A transporteur's own
// company; a superadmin names one with `?entreprise=`.

/** The settings (their defaults until saved). */
export const parametresEndpoint = endpointContract({
  method: 'GET',
  path: '/api/entreprise/parametres',
  query: EntrepriseQuery,
  response: ParametresEntrepriseOut,
});

/** Saves the fields sent (the others stay; `logo: null` removes the logo). */
export const updateParametresEndpoint = endpointContract({
  method: 'POST',
  path: '/api/entreprise/parametres/update',
  query: EntrepriseQuery,
  body: ParametresEntrepriseBody,
  response: ParametresEntrepriseOut,
});

/** Sends the logo (PNG, JPEG or WEBP, 2 Mo at most) as `multipart/form-data`, the part « logo ». */
export const logoUploadEndpoint = endpointContract({
  method: 'POST',
  path: '/api/entreprise/parametres/logo',
  query: EntrepriseQuery,
  body: LogoBody,
  multipart: true,
  response: ParametresEntrepriseOut,
});

/** The logo itself (an image file). */
export const logoEndpoint = endpointContract({
  method: 'GET',
  path: '/api/entreprise/parametres/logo',
  query: EntrepriseQuery,
});
