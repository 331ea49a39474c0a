import { SafetyOutlined } from '@ant-design/icons';
import { VERIFICATION, VerifyAccountBody } from '@yams/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../base/paths';
import { prefetchFirstScreen, whenIdle } from '../../base/prefetch';
import { useSession } from '../../base/session';
import { applyServerErrors } from '../../components/form/serverErrors';
import { zodRule } from '../../components/form/zodRule';
import { AuthHeading } from './AuthHeading';
import { useLogout, useResendCode, useVerifyAccount } from './api';

/** The 6-digit code mailed at sign-in: 'Vérifier', or 'Renvoyer' for a new one. */
export default function VerifyAccountPage() {
  const session = useSession();
  const [form] = Form.useForm<{ code: string }>();
  const verify = useVerifyAccount();
  const resend = useResendCode();
  const logout = useLogout();
  const navigate = useNavigate();
  // The home page follows the code: fetch its code while the user reads the email.
  useEffect(() => whenIdle(() => prefetchFirstScreen()), []);
  if (!session) return null; // The guard sends to login.
  const userId = session.user.id;

  const onFinish = ({ code }: { code: string }) => {
    verify.mutate(
      { userId, code: code.trim() },
      {
        onSuccess: () => navigate(PATHS.accueil, { replace: true }),
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <>
      <AuthHeading title="Vérification du compte">
        Un code de {VERIFICATION.codeLength} chiffres a été envoyé à <strong>{session.user.email}</strong>. Il
        est valable {VERIFICATION.ttlMinutes} minutes.
      </AuthHeading>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label="Code de vérification"
          name="code"
          rules={[zodRule(VerifyAccountBody, 'code', () => ({ userId }))]}
        >
          <Input
            size="large"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION.codeLength}
            autoFocus
            prefix={<SafetyOutlined aria-hidden style={{ color: '#8c98a8' }} />}
            placeholder="000000"
            style={{ letterSpacing: 4 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={verify.isPending}>
          Vérifier
        </Button>
      </Form>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginTop: 16 }}
      >
        <span>
          <Typography.Text type="secondary">Pas reçu le code ? </Typography.Text>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto' }}
            loading={resend.isPending}
            onClick={() => resend.mutate({ userId })}
          >
            Renvoyer
          </Button>
        </span>
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => logout.mutate()}>
          Changer de compte
        </Button>
      </div>
    </>
  );
}
