import {
  compteDuPlan,
  compteParent,
  compteRefus,
  ecritureDesequilibre,
  formatMoney,
  PLAN_SYSCOHADA,
  todayInGabon,
} from '@yams/shared';
import {
  Alert,
  AutoComplete,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  Modal,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../base/http';
import { escapeKeepsTyping } from '../../components/dialogKeys';
import { useDialogWidth } from '../../components/dialogWidth';
import { bornesComptables } from '../../components/form/bornes';
import { dateKeys } from '../../components/form/FieldInput';
import { dayToPicker } from '../../components/form/gabonTime';
import { amountOf, MoneyInput, type MoneyValue, moneyRule } from '../../components/form/MoneyInput';
import { useSingleSubmit } from '../../components/form/useSingleSubmit';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { TENANT_LABEL } from '../../components/list/tenant';
import { journaux } from './api';

interface Ligne {
  compte?: string;
  nouveau_sous_compte?: boolean;
  libelle?: string;
  debit?: MoneyValue;
  credit?: MoneyValue;
}
interface Values {
  entreprise_id?: number;
  date_operation?: Dayjs;
  libelle?: string;
  lignes: Ligne[];
}

const COMPTES = Object.entries(PLAN_SYSCOHADA).map(([numero, nom]) => ({
  value: numero,
  label: `${numero} — ${nom}`,
  texte: `${numero} ${nom}`.toLowerCase(),
}));

/** The chart's accounts matching what is typed (a number's start, or words of its name). */
function comptesProposes(saisie: string | undefined) {
  const t = (saisie ?? '').trim().toLowerCase();
  if (!t) return COMPTES.filter((c) => c.value.length === 2).map(({ value, label }) => ({ value, label }));
  const found = /^\d+$/.test(t)
    ? COMPTES.filter((c) => c.value.startsWith(t))
    : COMPTES.filter((c) => c.texte.includes(t));
  return found.slice(0, 40).map(({ value, label }) => ({ value, label }));
}

/** A finer number under a chart account (`5211`): a sub-account, opened on purpose or already opened. */
const sousCompte = (compte: string | undefined) => {
  const c = compte?.trim() ?? '';
  return /^\d{3,10}$/.test(c) && !compteDuPlan(c) && compteParent(c) !== null && /^[1-8]/.test(c);
};

/** The chart's own check (the API also knows which sub-accounts the company opened). */
const compteRule = {
  validator: async (_: unknown, value: string | undefined) => {
    const refus = value?.trim() ? compteRefus(value.trim(), { connu: false, ouvrir: true }) : null;
    if (refus) throw new Error(refus);
  },
};

/**
 * A manual 'Operation Diverse': balanced lines, checked here by the shared rule and again by the API. A
 * superadmin (`entreprise` given, the journals' company or null) names the company whose books it goes to.
 */
export function OperationDiverseForm({
  open,
  entreprise,
  onClose,
  onSaved,
}: {
  open: boolean;
  entreprise?: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const width = useDialogWidth();
  const bornes = bornesComptables();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const lignes = Form.useWatch('lignes', form) ?? [];
  const debit = lignes.reduce((s, l) => s + amountOf(l?.debit), 0);
  const credit = lignes.reduce((s, l) => s + amountOf(l?.credit), 0);
  // One entry per click, even a double one (useSingleSubmit).
  const { submit, saving } = useSingleSubmit(async (v: Values) => {
    // Both are required by the form before it submits.
    const body = {
      ...(entreprise !== undefined ? { entreprise_id: v.entreprise_id } : {}),
      date_operation: v.date_operation?.format('YYYY-MM-DD') ?? '',
      libelle: v.libelle ?? '',
      lignes: v.lignes.map((l) => ({
        compte: l.compte?.trim() ?? '',
        nouveau_sous_compte: sousCompte(l.compte) ? Boolean(l.nouveau_sous_compte) : false,
        libelle: l.libelle || null,
        // The form's rules let only amounts through.
        debit: amountOf(l.debit),
        credit: amountOf(l.credit),
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
      if (!(err instanceof ApiError)) return;
      // `lignes.0.compte` → under that line's account; the rest in the banner.
      const fields = Object.entries(err.fields ?? {});
      type Champ = Parameters<typeof form.setFields>[0][number];
      form.setFields(
        fields.map(
          ([name, message]): Champ => ({
            name: name.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)) as Champ['name'],
            errors: [message],
          }),
        ),
      );
      if (!fields.length) setError(err.message);
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
        initialValues={{
          entreprise_id: entreprise ?? undefined,
          date_operation: dayjs(todayInGabon()),
          lignes: [{}, {}],
        }}
        onFinish={submit}
      >
        <Space wrap>
          {entreprise !== undefined && (
            <Form.Item
              name="entreprise_id"
              label={TENANT_LABEL}
              rules={[{ required: true, message: "L'entreprise est obligatoire." }]}
            >
              <EntrepriseSelect />
            </Form.Item>
          )}
          <Form.Item
            name="date_operation"
            label="Date"
            rules={[{ required: true, message: 'La date est obligatoire.' }]}
          >
            <DatePicker
              format="DD/MM/YYYY"
              minDate={dayToPicker(bornes.min)}
              maxDate={dayToPicker(bornes.max)}
              {...dateKeys}
            />
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
                    rules={[{ required: true, message: 'Le compte est obligatoire.' }, compteRule]}
                  >
                    <AutoComplete
                      placeholder="Compte"
                      aria-label={`Compte de la ligne ${i + 1}`}
                      options={comptesProposes(lignes[i]?.compte)}
                      popupMatchSelectWidth={360}
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                  {sousCompte(lignes[i]?.compte) && (
                    // Opening a sub-account is a deliberate act, never a typo's side effect.
                    <Form.Item name={[f.name, 'nouveau_sous_compte']} valuePropName="checked">
                      <Checkbox aria-label={`Nouveau sous-compte, ligne ${i + 1}`}>
                        Nouveau sous-compte de {compteParent(lignes[i]!.compte!.trim())}
                      </Checkbox>
                    </Form.Item>
                  )}
                  <Form.Item name={[f.name, 'libelle']}>
                    <Input
                      placeholder="Libellé"
                      aria-label={`Libellé de la ligne ${i + 1}`}
                      style={{ width: 200 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'debit']} rules={[moneyRule('Le débit')]}>
                    <MoneyInput
                      placeholder="Débit"
                      aria-label={`Débit de la ligne ${i + 1}`}
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'credit']} rules={[moneyRule('Le crédit')]}>
                    <MoneyInput
                      placeholder="Crédit"
                      aria-label={`Crédit de la ligne ${i + 1}`}
                      style={{ width: 160 }}
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
