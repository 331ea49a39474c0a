import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logRedaction, redactUrl } from './request-log';

describe('redactUrl', () => {
  it('masks secret parameters whatever their case or escaping, and the tracking token', () => {
    expect(redactUrl('/reinitialiser-mot-de-passe?token=abc&email=a%40b.ga')).toBe(
      '/reinitialiser-mot-de-passe?token=[masqué]&email=[masqué]',
    );
    expect(redactUrl('/api/x?page=2&Password=p&%74oken=t&key=k&search=Lib')).toBe(
      '/api/x?page=2&Password=[masqué]&%74oken=[masqué]&key=[masqué]&search=Lib',
    );
    expect(redactUrl('/api/suivi/SeCrEt')).toBe('/api/suivi/[masqué]');
    expect(redactUrl('/suivi/SeCrEt?x=1')).toBe('/suivi/[masqué]?x=1');
    expect(redactUrl('/api/courses?email')).toBe('/api/courses?email=[masqué]');
    expect(redactUrl('/api/courses?x=%E0%A4%A')).toBe('/api/courses?x=%E0%A4%A');
    expect(redactUrl('/api/courses')).toBe('/api/courses');
  });

  it('a header logged anywhere has its credentials masked', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { stream: { write: (l: string) => lines.push(l) }, redact: logRedaction },
    });
    app.log.info({ req: { headers: { authorization: 'Bearer 1|secret', cookie: 's=secret' } } }, 'a');
    app.log.info({ headers: { authorization: 'Bearer 1|secret', 'user-agent': 'Traccar' } }, 'b');
    await app.close();
    expect(lines.join('')).not.toContain('secret');
    expect(lines.join('')).toContain('Traccar');
  });
});
