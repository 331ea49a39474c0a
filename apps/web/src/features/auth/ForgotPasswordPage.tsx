import { MailOutlined } from '@ant-design/icons';
import { ForgotPasswordBody } from '@yams/shared';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../base/paths';
import { applyServerErrors } from '../../components/form/serverErrors';
import { zodRule } from '../../components/form/zodRule';
import { AuthHeading } from './AuthHeading';
import { useForgotPassword } from './api';

export default function ForgotPasswordPage() {
  const [form] = Form.useForm<{ email: string }>();
  const forgot = useForgotPassword();
  const navigate = useNavigate();

  const onFinish = (values: { email: string }) => {
    forgot.mutate(values, {
      onSuccess: () => navigate(PATHS.login, { state: { email: values.email.trim() } }),
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <>
      <AuthHeading title="Mot de passe oublié">
        Indiquez l'email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.
      </AuthHeading>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[zodRule(ForgotPasswordBody, 'email')]}>
          <Input
            type="email"
            size="large"
            autoComplete="username"
            autoFocus
            prefix={<MailOutlined aria-hidden style={{ color: '#8c98a8' }} />}
            placeholder="vous@entreprise.ga"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={forgot.isPending}>
          Envoyer le lien
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={PATHS.login}>Retour à la connexion</Link>
      </div>
    </>
  );
}
