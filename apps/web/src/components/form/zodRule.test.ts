import { LoginBody, ResetPasswordBody } from '@yams/shared';
import type { FormInstance, RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zodRule';

/** Runs the antd rule the way Form.Item does, against the given form values. */
async function check(
  rule: ReturnType<typeof zodRule>,
  values: Record<string, unknown>,
): Promise<string | null> {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const { validator } = (typeof rule === 'function' ? rule(form) : rule) as RuleObject;
  try {
    await validator?.({} as never, undefined, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it('gives the French message of the shared schema for that field only', async () => {
    expect(await check(zodRule(LoginBody, 'email'), { email: '', password: '' })).toBe(
      "L'email est obligatoire.",
    );
    expect(await check(zodRule(LoginBody, 'email'), { email: 'x', password: '' })).toBe(
      "L'email n'est pas valide.",
    );
    expect(await check(zodRule(LoginBody, 'email'), { email: 'a@b.ga', password: '' })).toBeNull();
  });

  it('checks cross-field rules, with values that are not form fields', async () => {
    const rule = zodRule(ResetPasswordBody, 'password_confirmation', () => ({ token: 'abc' }));
    expect(await check(rule, { password: 'motdepasse1', password_confirmation: 'autre' })).toBe(
      'La confirmation ne correspond pas au mot de passe.',
    );
    expect(await check(rule, { password: 'motdepasse1', password_confirmation: 'motdepasse1' })).toBeNull();
  });
});
