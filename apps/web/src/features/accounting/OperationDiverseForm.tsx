import { ecritureDesequilibre, formatMoney, todayInGabon } from '@yams/shared';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../base/http';
import { escapeKeepsTyping } from '../../components/dialogKeys';
import { useDialogWidth } from '../../components/dialogWidth';
import { dateKeys } from '../../components/form/FieldInput';
import { useSingleSubmit } from '../../components/form/useSingleSubmit';
import { journaux } from './api';

interface Ligne {
  compte?: string;
  libelle?: string;
  debit?: number | null;
  credit?: number | null;
}
interface Values {
  date_operation?: Dayjs;
  libelle?: string;
  lignes: Ligne[];
}

/** A manual 'Operation Diverse': balanced lines, checked here by the shared rule and again by the API. */
export function OperationDiverseForm({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const width = useDialogWidth();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const lignes = Form.useWatch('lignes', form) ?? [];
  const debit = lignes.reduce((s, l) => s + (Number(l?.debit) || 0), 0);
  const credit = lignes.reduce((s, l) => s + (Number(l?.credit) || 0), 0);
  // One entry per click, even a double one (useSingleSubmit).
  const { submit, saving } = useSingleSubmit(async (v: Values) => {
    // Both are required by the form before it submits.
    const body = {
      date_operation: v.date_operation?.format('YYYY-MM-DD') ?? '',
      libelle: v.libelle ?? '',
      lignes: v.lignes.map((l) => ({
        compte: l.compte?.trim() ?? '',
        libelle: l.libelle || null,
        debit: Number(l.debit) || 0,
        credit: Number(l.credit) || 0,
      })),
    };
    const reason = ecritureDesequilibre(body.lignes);
    if (reason) {
      setError(reason);
      return;
    }
    try {
      await journaux.create(body, { successToast: true });
      form.resetFields();
      setError(null);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  });
  return (
    <Modal
      open={open}
      title="Nouvelle opération diverse"
      onCancel={onClose}
      footer={null}
      width={width}
      destroyOnHidden
      modalRender={escapeKeepsTyping}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ date_operation: dayjs(todayInGabon()), lignes: [{}, {}] }}
        onFinish={submit}
      >
        <Space wrap>
          <Form.Item
            name="date_operation"
            label="Date"
            rules={[{ required: true, message: 'La date est obligatoire.' }]}
          >
            <DatePicker format="DD/MM/YYYY" {...dateKeys} />
          </Form.Item>
          <Form.Item
            name="libelle"
            label="Libellé"
            rules={[{ required: true, message: 'Le libellé est obligatoire.' }]}
          >
            <Input style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Form.List name="lignes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="baseline">
                  <Form.Item
                    name={[f.name, 'compte']}
                    rules={[{ required: true, message: 'Le compte est obligatoire.' }]}
                  >
                    <Input
                      placeholder="Compte"
                      aria-label={`Compte de la ligne ${i + 1}`}
                      style={{ width: 100 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'libelle']}>
                    <Input
                      placeholder="Libellé"
                      aria-label={`Libellé de la ligne ${i + 1}`}
                      style={{ width: 200 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'debit']}>
                    <InputNumber
                      min={0}
                      step={1}
                      placeholder="Débit"
                      aria-label={`Débit de la ligne ${i + 1}`}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'credit']}>
                    <InputNumber
                      min={0}
                      step={1}
                      placeholder="Crédit"
                      aria-label={`Crédit de la ligne ${i + 1}`}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  {fields.length > 2 && (
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      Retirer
                    </Button>
                  )}
                </Space>
              ))}
              <Button onClick={() => add({})}>Ajouter une ligne</Button>
            </>
          )}
        </Form.List>
        <Typography.Paragraph style={{ marginTop: 12 }}>
          Débit {formatMoney(debit)} · Crédit {formatMoney(credit)}
          {debit !== credit && (
            <Typography.Text type="danger"> · écart {formatMoney(Math.abs(debit - credit))}</Typography.Text>
          )}
        </Typography.Paragraph>
        {error && <Alert type="warning" showIcon message={error} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={saving}>
          Enregistrer
        </Button>
      </Form>
    </Modal>
  );
}
