import { z } from 'zod';
import { endpointContract } from './contract';
import { SuiviPublicOut } from './geolocation';

// The public tracking page's one call, apart: that page is opened without an account, by anyone holding
// the link, and must load nothing else.

/** A course followed through its public link: route, vehicle's position and track, events. No account. */
export const suiviPublicEndpoint = endpointContract({
  method: 'GET',
  path: '/api/suivi/:token',
  params: z.object({ token: z.string().max(200) }),
  response: SuiviPublicOut,
});

/** The carrier's logo on that page (an image), for the link's holder; 404 without one or once the link ends. */
export const suiviLogoEndpoint = endpointContract({
  method: 'GET',
  path: '/api/suivi/:token/logo',
  params: z.object({ token: z.string().max(200) }),
});
