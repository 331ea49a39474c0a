import { CheckOutlined } from '@ant-design/icons';
import { TraiterIncidentBody } from '@yams/shared';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useSingleSubmit } from '../../components/form/useSingleSubmit';
import { zodRule } from '../../components/form/zodRule';
import { useTraiterIncident } from './api';

/**
 * « Traiter »: the office says what it did about an incident from the road (a breakdown truck sent, the
 * client warned…). Recorded once, with who and when; the driver reads it in his app.
 */
export function IncidentTraiter({ incident }: { incident: { id: number; type: string; note: string } }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ note: string }>();
  const traiter = useTraiterIncident();
  const { submit } = useSingleSubmit(async (values: { note: string }) => {
    await traiter.mutateAsync({ id: incident.id, note: values.note });
    setOpen(false);
    form.resetFields();
  });
  return (
    <>
      <Button size="small" icon={<CheckOutlined />} onClick={() => setOpen(true)}>
        Traiter
      </Button>
      <Modal
        open={open}
        title={`Traiter l’incident : ${incident.type}`}
        okText="Enregistrer"
        cancelText="Annuler"
        confirmLoading={traiter.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{incident.note}</p>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} name={`traiter-${incident.id}`}>
          <Form.Item
            name="note"
            label="Ce que le bureau a fait"
            rules={[zodRule(TraiterIncidentBody, 'note')]}
          >
            <Input.TextArea rows={3} maxLength={1000} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
