import { useQuery } from '@tanstack/react-query';
import {
  type CourseFacturableOut,
  coursesFacturablesEndpoint,
  DEFAULT_TAX_RATES,
  formatMoney,
  LigneFactureBody,
  montantLigneFacture,
  parametresEndpoint,
  totauxFacture,
} from '@yams/shared';
import { Button, Checkbox, Descriptions, Form, InputNumber, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { endpointQuery } from '../../base/endpointQuery';
import { call } from '../../base/http';
import { rateFormatter, rateParser } from '../../components/form/FieldInput';
import { amountOf, MoneyInput, type MoneyValue } from '../../components/form/MoneyInput';
import { LinesEditor, newLineKey } from '../../components/lines/LinesEditor';
import { isSuperadmin } from '../../components/list/tenant';
import { TOTAUX_STYLE } from './FactureView';
import { totauxItems } from './totauxItems';

/** One line of the form; `key` is React's. */
export interface FactureLigneDraft {
  key: string;
  description: string;
  isTitle: boolean;
  qte: number | null;
  prix_unitaire: MoneyValue;
  reduction: MoneyValue;
  course_id: number | null;
}

/** The part of the invoice form that the live totals depend on: lines, tax boxes and rates, discount. */
export interface FactureContenuValue {
  lignes: FactureLigneDraft[];
  appliquer_tva: boolean;
  taux_tva: number | null;
  appliquer_tps: boolean;
  taux_tps: number | null;
  appliquer_css: boolean;
  taux_css: number | null;
  appliquer_reduction: boolean;
  reduction: MoneyValue;
}

export const contenuVide = (): FactureContenuValue => ({
  lignes: [
    {
      key: newLineKey(),
      description: '',
      isTitle: false,
      qte: 1,
      prix_unitaire: null,
      reduction: null,
      course_id: null,
    },
  ],
  appliquer_tva: true,
  taux_tva: DEFAULT_TAX_RATES.tva,
  appliquer_tps: false,
  taux_tps: DEFAULT_TAX_RATES.tps,
  appliquer_css: true,
  taux_css: DEFAULT_TAX_RATES.css,
  appliquer_reduction: false,
  reduction: null,
});

/** The contenu as body fields: the lines as the specification's `content`, without their React key. */
export function contenuToBody(c: FactureContenuValue) {
  const { lignes, ...taxes } = c;
  return {
    ...taxes,
    reduction: c.appliquer_reduction ? c.reduction : undefined,
    content: lignes.map(({ key: _k, ...l }) =>
      l.isTitle ? { description: l.description, isTitle: true } : { ...l, reduction: l.reduction ?? 0 },
    ),
  };
}

/** The amounts of the live totals: what cannot be read yet counts 0 (its field says why). */
const calcul = (l: FactureLigneDraft) => ({
  ...l,
  prix_unitaire: amountOf(l.prix_unitaire),
  reduction: amountOf(l.reduction),
});

const TAXES = [
  { box: 'appliquer_tva', rate: 'taux_tva', label: 'TVA' },
  { box: 'appliquer_css', rate: 'taux_css', label: 'CSS' },
  { box: 'appliquer_tps', rate: 'taux_tps', label: 'TPS' },
] as const;

/** 'Ajouter des courses': the client's finished courses not yet on a validated invoice. */
function AjouterCourses({
  clientId,
  onAdd,
  dejaLa,
}: {
  clientId: number | null;
  onAdd: (c: CourseFacturableOut[]) => void;
  dejaLa: number[];
}) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const { data, isFetching } = useQuery({
    queryKey: ['factures', 'courses-facturables', clientId],
    queryFn: async ({ signal }) =>
      (await call(coursesFacturablesEndpoint, { query: { client: clientId } }, { signal })).data,
    enabled: open && clientId !== null,
  });
  const rows = (data ?? []).filter((c) => !dejaLa.includes(c.id));
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        disabled={!clientId}
        title={clientId ? undefined : "Choisissez d'abord le client"}
      >
        Ajouter des courses
      </Button>
      <Modal
        open={open}
        title="Courses terminées à facturer"
        onCancel={() => setOpen(false)}
        okText="Ajouter"
        cancelText="Annuler"
        okButtonProps={{ disabled: picked.length === 0 }}
        onOk={() => {
          onAdd(rows.filter((c) => picked.includes(c.id)));
          setPicked([]);
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Table<CourseFacturableOut>
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: 'Aucune course terminée à facturer pour ce client.' }}
          rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as number[]) }}
          columns={[
            { key: 'code', title: 'Code', dataIndex: 'code' },
            { key: 'trajet', title: 'Trajet', dataIndex: 'trajet' },
            { key: 'date', title: 'Date', render: (_, c) => c.date.split('-').reverse().join('/') },
            { key: 'montant', title: 'Montant', align: 'right', render: (_, c) => formatMoney(c.montant) },
          ]}
        />
      </Modal>
    </>
  );
}

/** Lines, tax boxes and discount of an invoice with its totals computed live by the shared function. */
export function FactureContenu({
  value,
  onChange,
}: {
  value?: FactureContenuValue;
  onChange?: (v: FactureContenuValue) => void;
}) {
  const v = value ?? contenuVide();
  const set = (patch: Partial<FactureContenuValue>) => onChange?.({ ...v, ...patch });
  const form = Form.useFormInstance();
  const clientId = (Form.useWatch('client_id', form) as number | undefined) ?? null;
  // The company's « remise déduite avant taxes » decides the totals as the API computes them at the save: a
  // superadmin's invoice reads the setting of the company chosen in the form.
  const superadmin = isSuperadmin();
  const entreprise = Form.useWatch('entreprise_id', form) as number | undefined;
  const parametres = useQuery({
    ...endpointQuery(parametresEndpoint, { query: superadmin && entreprise ? { entreprise } : undefined }),
    enabled: !superadmin || Boolean(entreprise),
  });
  const avant = parametres.data?.remise_avant_taxes ?? false;
  const t = totauxFacture(v.lignes.map(calcul), {
    ...v,
    reduction: amountOf(v.reduction),
    remise_avant_taxes: avant,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <LinesEditor<FactureLigneDraft>
        value={v.lignes}
        onChange={(lignes) => set({ lignes })}
        ariaLabel="Lignes de la facture"
        fields={[
          { name: 'description', label: 'Description', type: 'text', width: '1 1 240px', onTitle: true },
          { name: 'qte', label: 'Quantité', type: 'quantity' },
          { name: 'prix_unitaire', label: 'Prix unitaire', type: 'money' },
          { name: 'reduction', label: 'Remise', type: 'money' },
        ]}
        add={[
          {
            label: 'Ajouter une ligne',
            make: () => ({
              description: '',
              isTitle: false,
              qte: 1,
              prix_unitaire: null,
              reduction: null,
              course_id: null,
            }),
          },
          {
            label: 'Ajouter un titre',
            make: () => ({
              description: '',
              isTitle: true,
              qte: null,
              prix_unitaire: null,
              reduction: null,
              course_id: null,
            }),
          },
        ]}
        isTitle={(l) => l.isTitle}
        amount={(l) => montantLigneFacture(calcul(l))}
        totalLabel="Total HT"
        schema={LigneFactureBody}
        toBody={({ key: _k, ...l }) => (l.isTitle ? { description: l.description, isTitle: true } : l)}
        footer={
          <AjouterCourses
            clientId={clientId}
            dejaLa={v.lignes.flatMap((l) => (l.course_id ? [l.course_id] : []))}
            onAdd={(cs) =>
              set({
                lignes: [
                  ...v.lignes.filter((l) => l.isTitle || l.description || l.prix_unitaire),
                  ...cs.map((c) => ({
                    key: newLineKey(),
                    description: `${c.code} ${c.trajet} (${c.date.split('-').reverse().join('/')})`,
                    isTitle: false,
                    qte: 1,
                    prix_unitaire: c.montant,
                    reduction: null,
                    course_id: c.id,
                  })),
                ],
              })
            }
          />
        }
      />
      <Space wrap size="large" aria-label="Taxes et remise">
        {TAXES.map(({ box, rate, label }) => (
          <Space key={box}>
            <Checkbox checked={v[box]} onChange={(e) => set({ [box]: e.target.checked })}>
              {label}
            </Checkbox>
            <InputNumber
              aria-label={`Taux de ${label} (%)`}
              value={v[rate]}
              min={0}
              max={100}
              step={0.01}
              formatter={rateFormatter}
              parser={rateParser}
              disabled={!v[box]}
              addonAfter="%"
              status={v[box] && (v[rate] === null || v[rate] < 0) ? 'error' : undefined}
              onChange={(n) => set({ [rate]: n })}
              style={{ width: 120 }}
            />
          </Space>
        ))}
        <Space>
          <Checkbox
            checked={v.appliquer_reduction}
            onChange={(e) => set({ appliquer_reduction: e.target.checked })}
          >
            Remise
          </Checkbox>
          <MoneyInput
            aria-label="Remise (FCFA)"
            value={v.reduction}
            disabled={!v.appliquer_reduction}
            onChange={(n) => set({ reduction: n })}
            style={{ width: 170 }}
          />
        </Space>
      </Space>
      <Descriptions
        {...TOTAUX_STYLE}
        size="small"
        bordered
        column={1}
        aria-label="Totaux de la facture"
        style={{ maxWidth: 420, marginLeft: 'auto' }}
        items={totauxItems(
          t,
          v,
          avant,
          <strong data-testid="net-a-payer">{formatMoney(t.net_a_payer)}</strong>,
        )}
      />
    </Space>
  );
}
