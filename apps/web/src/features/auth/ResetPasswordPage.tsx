import { LockOutlined } from '@ant-design/icons';
import { MSG, ResetPasswordBody } from '@yams/shared';
import { Button, Form, Input, Result } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../base/paths';
import { applyServerErrors } from '../../components/form/serverErrors';
import { zodRule } from '../../components/form/zodRule';
import { AuthHeading } from './AuthHeading';
import { useResetPassword } from './api';

type ResetValues = { password: string; password_confirmation: string };

/**
 * The page of the mailed link: /reinitialiser-mot-de-passe?token=…&email=… (`&app=chauffeur`: a driver's
 * access link from Ressources Humaines, which opens the driver's app once the password is chosen).
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const chauffeur = params.get('app') === 'chauffeur';
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const navigate = useNavigate();

  if (!token) {
    return (
      <Result
        status="warning"
        title={MSG.resetInvalid}
        extra={<Link to={PATHS.forgot_password}>Demander un nouveau lien</Link>}
        style={{ padding: 0 }}
      />
    );
  }

  const rule = (field: keyof ResetValues) => [zodRule(ResetPasswordBody, field, () => ({ token }))];
  const onFinish = (values: ResetValues) => {
    reset.mutate(
      { token, ...values },
      {
        onSuccess: () =>
          chauffeur
            ? window.location.assign('/chauffeur')
            : navigate(PATHS.login, { replace: true, state: { email } }),
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <>
      <AuthHeading title="Nouveau mot de passe">
        {email ? (
          <>
            Choisissez un nouveau mot de passe pour <strong>{email}</strong>.
          </>
        ) : (
          'Choisissez un nouveau mot de passe.'
        )}
      </AuthHeading>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Nouveau mot de passe" name="password" rules={rule('password')}>
          <Input.Password
            size="large"
            autoComplete="new-password"
            autoFocus
            prefix={<LockOutlined aria-hidden style={{ color: '#8c98a8' }} />}
          />
        </Form.Item>
        <Form.Item
          label="Confirmation du mot de passe"
          name="password_confirmation"
          dependencies={['password']}
          rules={rule('password_confirmation')}
        >
          <Input.Password
            size="large"
            autoComplete="new-password"
            prefix={<LockOutlined aria-hidden style={{ color: '#8c98a8' }} />}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
          Enregistrer le mot de passe
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={PATHS.login}>Retour à la connexion</Link>
      </div>
    </>
  );
}
