import { ChangePasswordBody } from '@yams/shared';
import { Button, Form, Input } from 'antd';
import { applyServerErrors } from '../../components/form/serverErrors';
import { zodRule } from '../../components/form/zodRule';
import { useUpdateMe } from './api';
import { ACCOUNT_LABELS as L } from './labels';

type PasswordValues = { current_password: string; password: string; password_confirmation: string };

/** Change one's password; the API then signs out the other devices. */
export function PasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdateMe();
  const rule = (field: keyof PasswordValues) => [zodRule(ChangePasswordBody, field)];

  const onFinish = (values: PasswordValues) => {
    update.mutate(values, {
      onSuccess: () => form.resetFields(),
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} aria-label="Changer le mot de passe">
      <Form.Item label={L.current_password} name="current_password" rules={rule('current_password')} required>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={L.password} name="password" rules={rule('password')} required>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={L.password_confirmation}
        name="password_confirmation"
        dependencies={['password']}
        rules={rule('password_confirmation')}
        required
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Enregistrer le mot de passe
        </Button>
      </div>
    </Form>
  );
}
