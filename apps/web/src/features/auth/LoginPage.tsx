import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { LoginBody } from '@yams/shared';
import { Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS, useReturnPath } from '../../base/paths';
import { prefetchFirstScreen, whenIdle } from '../../base/prefetch';
import { applyServerErrors } from '../../components/form/serverErrors';
import { zodRule } from '../../components/form/zodRule';
import { AuthHeading } from './AuthHeading';
import { useLogin } from './api';

type LoginValues = { email: string; password: string };

export default function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const prefilled = (useLocation().state as { email?: string } | null)?.email ?? '';
  // While the user types, fetch the signed-in frame and the first screen (not needed to show this page).
  useEffect(() => whenIdle(() => prefetchFirstScreen(returnPath)), [returnPath]);

  const onFinish = (values: LoginValues) => {
    prefetchFirstScreen(returnPath);
    login.mutate(values, {
      onSuccess: (result) =>
        navigate(result.verification_required ? PATHS['account.verify'] : returnPath, { replace: true }),
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <>
      <AuthHeading title="Connexion">Accédez à votre espace de gestion.</AuthHeading>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ email: prefilled }}
        requiredMark={false}
      >
        <Form.Item label="Email" name="email" rules={[zodRule(LoginBody, 'email')]}>
          <Input
            type="email"
            size="large"
            autoComplete="username"
            autoFocus={!prefilled}
            prefix={<MailOutlined aria-hidden style={{ color: '#8c98a8' }} />}
            placeholder="vous@entreprise.ga"
          />
        </Form.Item>
        <Form.Item label="Mot de passe" name="password" rules={[zodRule(LoginBody, 'password')]}>
          <Input
            type={showPassword ? 'text' : 'password'}
            size="large"
            autoComplete="current-password"
            autoFocus={Boolean(prefilled)}
            prefix={<LockOutlined aria-hidden style={{ color: '#8c98a8' }} />}
          />
        </Form.Item>
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
          <Checkbox checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)}>
            Afficher le mot de passe
          </Checkbox>
          <Link to={PATHS.forgot_password}>Mot de passe oublié ?</Link>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          Se connecter
        </Button>
      </Form>
    </>
  );
}
