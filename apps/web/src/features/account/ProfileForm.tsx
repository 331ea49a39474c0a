import { MSG, UpdateMeBody, type UserOut } from '@yams/shared';
import { Button, Col, Form, Input, Row } from 'antd';
import { applyServerErrors } from '../../components/form/serverErrors';
import { zodRule } from '../../components/form/zodRule';
import { type UpdateMeInput, useUpdateMe } from './api';
import { ACCOUNT_LABELS as L } from './labels';

const FIELDS = ['name', 'nom', 'prenom', 'email', 'telephone1', 'telephone2', 'adresse', 'bp'] as const;
type ProfileValues = Pick<UpdateMeInput, (typeof FIELDS)[number] | 'current_password'>;

/** 'Mon compte' in modification mode; saved through POST /api/me/update. */
export function ProfileForm({ user, onDone }: { user: UserOut; onDone: () => void }) {
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateMe();
  const initialValues = Object.fromEntries(FIELDS.map((f) => [f, user[f] ?? ''])) as ProfileValues;
  const rule = (field: string) => [zodRule(UpdateMeBody, field)];
  // A new address needs the current password, and takes effect from the link mailed to it.
  const email = Form.useWatch('email', form);
  const emailChanged =
    typeof email === 'string' && email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();

  const onFinish = (values: ProfileValues) => {
    update.mutate(values, { onSuccess: onDone, onError: (error) => applyServerErrors(form, error) });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      aria-label="Modifier mon profil"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={L.name} name="name" rules={rule('name')}>
            <Input autoComplete="username" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={L.email} name="email" rules={rule('email')} required>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
        {emailChanged && (
          <Col xs={24}>
            <Form.Item
              label={L.current_password}
              name="current_password"
              rules={[{ required: true, message: MSG.currentPasswordForEmail }]}
              extra="Un lien de confirmation sera envoyé à la nouvelle adresse : elle remplacera l’actuelle quand vous l’aurez ouvert, et vos autres sessions seront fermées."
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item label={L.nom} name="nom" rules={rule('nom')}>
            <Input autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={L.prenom} name="prenom" rules={rule('prenom')}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={L.telephone1} name="telephone1" rules={rule('telephone1')}>
            <Input type="tel" autoComplete="tel" placeholder="+241 077 00 00 00" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={L.telephone2} name="telephone2" rules={rule('telephone2')}>
            <Input type="tel" placeholder="+241 066 00 00 00" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label={L.adresse} name="adresse" rules={rule('adresse')}>
            <Input autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={L.bp} name="bp" rules={rule('bp')}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap' }}>
        <Button onClick={onDone} disabled={update.isPending}>
          Annuler
        </Button>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Enregistrer
        </Button>
      </div>
    </Form>
  );
}
