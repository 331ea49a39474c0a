import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// What the server log may say about a request: never a secret. Reset and invitation links carry `token`
// and `email` (an invitation stays valid 7 days), the public tracking link a token in its path, every API
// call its bearer token. Every logged request goes through these serializers (app.ts), whatever its route
// and whether or not it found one; any header logged elsewhere goes through pino's `redact`.

/** Query parameters never written to the log (compared without case). */
const SECRET_PARAMS = new Set([
  'token',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'key',
]);

/** Path segments that are secrets themselves: the public tracking link's token. */
const SECRET_PATHS = [/^(\/(?:api\/)?suivi\/)[^/?#]+/];

const REDACTED = '[masqué]';

/** The URL as the log may show it: secret parameters and path tokens replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: compared as written.
      }
      return SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Headers that are credentials, wherever a log line holds request or response headers. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key'];

export const logRedaction = {
  paths: SECRET_HEADERS.flatMap((h) => [
    `req.headers["${h}"]`,
    `res.headers["${h}"]`,
    `headers["${h}"]`,
    `*.headers["${h}"]`,
  ]),
  censor: REDACTED,
};

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
  res(reply: Pick<FastifyReply, 'statusCode'>) {
    return { statusCode: reply.statusCode };
  },
};

/**
 * The request's one log line, once answered: method, URL (redacted), host, address, status, time taken
 * (ms), under the request id that the request's other lines carry; an error answered keeps its own line.
 * Fastify's « incoming request » line is not written.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'requête en erreur',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'requête traitée');
  }
}
