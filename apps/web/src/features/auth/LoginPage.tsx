import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { type LoginField, loginErrors } from '@yams/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../base/http';
import { historyState, navigate } from '../../base/nav';
import { PATHS, returnPath as returnPathNow } from '../../base/paths';
import { prefetchFirstScreen, whenIdle } from '../../base/prefetch';
import { CheckboxField, InAppLink, LightButton, TextField } from '../../components/light/light';
import { AuthHeading } from './AuthHeading';
import { useLogin } from './login.api';

/**
 * The sign-in page, built from the light controls (components/light) rather than antd's Form: it is the first
 * page most people open, on a mobile connection, and antd's code is fetched while they type. It imports
 * neither react-router nor TanStack Query (base/nav, login.api): on a signed-out visit it opens before them.
 * The fields are checked as antd's Form would (each field once changed, every field on submit) with the
 * API's own rules and messages (`loginErrors`, packages/shared/src/login.ts).
 */
export default function LoginPage() {
  const [prefilled] = useState(() => historyState<{ email?: string }>()?.email ?? '');
  const [values, setValues] = useState<Record<LoginField, string>>({ email: prefilled, password: '' });
  const [checked, setChecked] = useState<Set<LoginField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const [returnPath] = useState(returnPathNow);
  // While the user types, fetch antd, the signed-in frame and the first screen (not needed to show this page).
  useEffect(() => whenIdle(() => prefetchFirstScreen(returnPath)), [returnPath]);

  const ruleErrors = loginErrors(values);
  const errorOf = (field: LoginField) =>
    (checked.has(field) ? ruleErrors[field] : undefined) ?? serverErrors[field];

  const change = (field: LoginField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChecked((c) => new Set(c).add(field));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(new Set(['email', 'password']));
    if (Object.keys(ruleErrors).length > 0 || login.isPending) return;
    prefetchFirstScreen(returnPath);
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (result) =>
          navigate(result.verification_required ? PATHS['account.verify'] : returnPath, { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError) setServerErrors(error.fields as Partial<Record<LoginField, string>>);
        },
      },
    );
  };

  return (
    <>
      <AuthHeading title="Connexion">Accédez à votre espace de gestion.</AuthHeading>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          value={values.email}
          onChange={change('email')}
          error={errorOf('email')}
          prefix={MailOutlined}
          autoComplete="username"
          autoFocus={!prefilled}
          placeholder="vous@entreprise.ga"
        />
        <TextField
          label="Mot de passe"
          type={showPassword ? 'text' : 'password'}
          value={values.password}
          onChange={change('password')}
          error={errorOf('password')}
          prefix={LockOutlined}
          autoComplete="current-password"
          autoFocus={Boolean(prefilled)}
        />
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 8,
            marginBottom: 20,
          }}
        >
          <CheckboxField checked={showPassword} onChange={setShowPassword}>
            Afficher le mot de passe
          </CheckboxField>
          <InAppLink to={PATHS.forgot_password}>Mot de passe oublié ?</InAppLink>
        </div>
        <LightButton primary submit size="large" block loading={login.isPending}>
          Se connecter
        </LightButton>
      </form>
    </>
  );
}
