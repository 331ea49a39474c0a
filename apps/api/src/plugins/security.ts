import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Map tile servers the web app's Leaflet maps draw from (addresses, tracking page, geolocation): standard
 * OpenStreetMap, the humanitarian layer of OpenStreetMap France, Esri's satellite imagery.
 */
export const TILE_SOURCES = [
  'https://tile.openstreetmap.org',
  'https://*.tile.openstreetmap.org',
  'https://*.tile.openstreetmap.fr',
  'https://server.arcgisonline.com',
];

/** `http://host:port` → `ws://host:port` (and https → wss): the Socket.IO websocket of the same origin. */
export function websocketOrigin(appUrl: string): string {
  return appUrl.replace(/^http/, 'ws');
}

/**
 * The app's Content-Security-Policy. Scripts come only from our own files (the built index.html has no
 * inline script). Styles allow 'unsafe-inline': Ant Design's CSS-in-JS writes `<style>` elements at run
 * time, and so do Leaflet and the rich-text editor; a nonce would mean rendering index.html per request and
 * handing the nonce to every style writer (antd's static `message`/`Modal` do not see a ConfigProvider
 * nonce). Inline styles cannot run code, and scripts stay strict, which is what stops injection.
 */
export function contentSecurityPolicy(appUrl: string) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...TILE_SOURCES],
      fontSrc: ["'self'", 'data:'],
      // 'self' covers ws(s) of the same host in CSP 3; the explicit origin is for older engines.
      connectSrc: ["'self'", websocketOrigin(appUrl)],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      manifestSrc: ["'self'"],
    },
  };
}

/**
 * The API docs (swagger-ui, `/api/docs`): same strict scripts, but its stylesheet and React components set
 * inline styles and its icons are data: images. Applied by swagger-ui's own hook, on its prefix only.
 */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
  "frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/**
 * Security headers (helmet) and CORS. Browsers may call the API cross-origin only from the web app's own
 * address (APP_URL) and the extra origins the realtime socket accepts (REALTIME_ORIGINS, the Vite dev
 * server); the mobile apps send no Origin and are not concerned. The API sets no cookie: the bearer token
 * travels in the Authorization header, so there is no CSRF surface.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    await app.register(helmet, {
      contentSecurityPolicy: contentSecurityPolicy(config.appUrl),
      // The tiles and PDFs we load are not ours to flag; COEP would block the map tiles.
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    const allowed = new Set([config.appUrl, ...config.realtimeOrigins]);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
    });
  },
  { name: 'security', dependencies: ['db'] },
);
