import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginBody } from './auth.schemas';
import { EMAIL_PATTERN, LOGIN_MESSAGES, loginErrors } from './login';

/** What the API answers for each field of a sign-in body (its first message per field). */
function apiErrors(body: { email: string; password: string }) {
  const result = LoginBody.safeParse(body);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

const EXAMPLES = [
  '',
  '   ',
  'pas-un-email',
  'direction@transgabon.ga',
  ' Direction@TransGabon.GA ',
  'jean.paul@ogooue-logistique.ga',
  "o'neil+factures@yams.ga",
  '.jean@yams.ga',
  'jean..paul@yams.ga',
  'jean.@yams.ga',
  'jean@yams',
  'jean@-yams.ga',
  'jean@yams.g',
  'jean@@yams.ga',
  'jean paul@yams.ga',
  'jean@yams.ga.',
];

describe('the sign-in form says what the API says', () => {
  it('on typical and edge addresses', () => {
    for (const email of EXAMPLES) {
      for (const password of ['', 'x']) {
        expect(loginErrors({ email, password }), `${JSON.stringify(email)} / ${password}`).toEqual(
          apiErrors({ email, password }),
        );
      }
    }
  });

  it('on any string made of address characters', () => {
    const chars = fc.constantFrom(..."ab1_.+-'@ Z".split(''));
    fc.assert(
      fc.property(
        fc.string({ unit: chars, maxLength: 16 }),
        fc.string({ maxLength: 3 }),
        (email, password) => {
          expect(loginErrors({ email, password })).toEqual(apiErrors({ email, password }));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('accepts and refuses the same addresses as zod’s own email check did before', () => {
    const before = z.email();
    const part = (alphabet: string, maxLength: number) =>
      fc.string({ unit: fc.constantFrom(...alphabet.split('')), maxLength });
    // Shaped like addresses (local@domain.tld) so that valid and invalid ones both come up often.
    const address = fc
      .tuple(part("ab1_.+-'Z", 8), part('ab1-.Z', 8), part('abZ1', 4))
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
    fc.assert(
      fc.property(fc.oneof(address, part("ab1_.+-'@Z", 14)), (email) => {
        expect(EMAIL_PATTERN.test(email)).toBe(before.safeParse(email).success);
      }),
      { numRuns: 3000 },
    );
    expect(EMAIL_PATTERN.test('direction@transgabon.ga')).toBe(true);
  });

  it('names both fields when nothing is typed', () => {
    expect(loginErrors({})).toEqual({
      email: LOGIN_MESSAGES.emailRequired,
      password: LOGIN_MESSAGES.passwordRequired,
    });
  });
});
