import { type FactureOut, formatMoney, type TaxesCalcul, totauxFacture } from '@yams/shared';
import { Checkbox, Descriptions, InputNumber, Space, Typography } from 'antd';
import { amountOf, MoneyInput, type MoneyValue } from '../../components/form/MoneyInput';
import { TOTAUX_STYLE } from './FactureView';

/** A line of the invoice, and how much of it the credit note takes back. */
interface LigneACrediter {
  id: number;
  description: string;
  inclus: boolean;
  qte: number | null;
  qte_max: number;
  prix_unitaire: MoneyValue;
  prix_max: number;
  /** The line's discount on the invoice, taken back in proportion to the quantity credited. */
  reduction_max: number;
}

/** The value of the 'Lignes à créditer' field of 'Créer un avoir'. */
export interface AvoirValue {
  lignes: LigneACrediter[];
  taxes: TaxesCalcul;
  /** The most this credit note may take back: net à payer minus the earlier credit notes (the API's rule). */
  reste: number;
  /** What the client still owes on the invoice: a credit note beyond it is money owed back to the client. */
  du: number;
}

/** Every line at its full quantity and price: the whole invoice (its discount included). */
export function avoirInitial(f: FactureOut): AvoirValue {
  return {
    lignes: f.content
      .filter((l) => !l.isTitle)
      .map((l) => ({
        id: l.id,
        description: l.description,
        inclus: true,
        qte: l.qte ?? 1,
        qte_max: l.qte ?? 1,
        prix_unitaire: l.prix_unitaire ?? 0,
        prix_max: l.prix_unitaire ?? 0,
        reduction_max: l.reduction,
      })),
    taxes: {
      appliquer_tva: f.appliquer_tva,
      taux_tva: f.taux_tva,
      appliquer_css: f.appliquer_css,
      taux_css: f.taux_css,
      appliquer_tps: f.appliquer_tps,
      taux_tps: f.taux_tps,
      appliquer_reduction: f.appliquer_reduction,
      reduction: f.reduction,
    },
    reste: f.avoir_maximum,
    du: f.reste_a_payer,
  };
}

const entier = (l: LigneACrediter) => l.inclus && l.qte === l.qte_max && l.prix_unitaire === l.prix_max;

/**
 * The credit note's lines as the API takes them: none for the whole invoice (every line in full: the
 * invoice's own discount applies), else the chosen lines at the chosen quantity and price.
 */
export function avoirLignesBody(v: AvoirValue) {
  if (v.lignes.every(entier)) return undefined;
  return v.lignes
    .filter((l) => l.inclus)
    .map((l) => ({
      description: l.description,
      qte: l.qte ?? 0,
      // As typed: an unreadable price is the API's French 422, never a 0 sent in its place.
      prix_unitaire: l.prix_unitaire ?? 0,
      reduction:
        l.prix_unitaire === l.prix_max ? Math.round((l.reduction_max * (l.qte ?? 0)) / l.qte_max) : 0,
    }));
}

/** The credit note's amount, by the one shared totals function (taxes of the invoice). */
export function montantAvoir(v: AvoirValue): ReturnType<typeof totauxFacture> {
  const lignes = avoirLignesBody(v);
  return lignes
    ? totauxFacture(
        lignes.map((l) => ({ ...l, prix_unitaire: amountOf(l.prix_unitaire) })),
        { ...v.taxes, appliquer_reduction: false, reduction: 0 },
      )
    : totauxFacture(
        v.lignes.map((l) => ({ qte: l.qte_max, prix_unitaire: l.prix_max, reduction: l.reduction_max })),
        v.taxes,
      );
}

/** 'Créer un avoir': tick the lines to credit, lower a quantity or a price; the amount follows. */
export function AvoirLignes({ value, onChange }: { value?: AvoirValue; onChange?: (v: AvoirValue) => void }) {
  if (!value) return null;
  const set = (id: number, patch: Partial<LigneACrediter>) =>
    onChange?.({ ...value, lignes: value.lignes.map((l) => (l.id === id ? { ...l, ...patch } : l)) });
  const t = montantAvoir(value);
  const trop = t.net_a_payer > value.reste;
  const aRembourser = trop ? 0 : Math.max(0, t.net_a_payer - value.du);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ol aria-label="Lignes à créditer" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {value.lignes.map((l, i) => (
          <li
            key={l.id}
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 8,
              alignItems: 'center',
              padding: 8,
              marginBottom: 6,
              border: '1px solid #f0f0f0',
              borderRadius: 6,
            }}
          >
            <Checkbox
              checked={l.inclus}
              onChange={(e) => set(l.id, { inclus: e.target.checked })}
              style={{ flex: '1 1 220px' }}
            >
              {l.description}
            </Checkbox>
            <InputNumber<number>
              aria-label={`Quantité à créditer, ligne ${i + 1}`}
              prefix="×"
              precision={0}
              min={1}
              max={l.qte_max}
              value={l.qte}
              disabled={!l.inclus}
              onChange={(n) => set(l.id, { qte: n })}
              style={{ width: 90 }}
            />
            <MoneyInput
              aria-label={`Prix unitaire à créditer, ligne ${i + 1}`}
              value={l.prix_unitaire}
              disabled={!l.inclus}
              onChange={(n) => set(l.id, { prix_unitaire: n })}
              style={{ width: 150 }}
            />
          </li>
        ))}
      </ol>
      <Descriptions
        {...TOTAUX_STYLE}
        size="small"
        bordered
        column={1}
        aria-label="Montant de l'avoir"
        style={{ maxWidth: 420, marginLeft: 'auto' }}
      >
        <Descriptions.Item label="Total HT">{formatMoney(t.total_ht)}</Descriptions.Item>
        {t.tva > 0 && <Descriptions.Item label="TVA">{formatMoney(t.tva)}</Descriptions.Item>}
        {t.css > 0 && <Descriptions.Item label="CSS">{formatMoney(t.css)}</Descriptions.Item>}
        {t.tps > 0 && <Descriptions.Item label="TPS retenue">- {formatMoney(t.tps)}</Descriptions.Item>}
        {t.reduction > 0 && (
          <Descriptions.Item label="Remise">- {formatMoney(t.reduction)}</Descriptions.Item>
        )}
        <Descriptions.Item label="Montant de l'avoir">
          <strong>{formatMoney(t.net_a_payer)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="Maximum de l'avoir">{formatMoney(value.reste)}</Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">
        Maximum : le net à payer de la facture moins les avoirs déjà établis sur elle.
      </Typography.Text>
      {trop && (
        <Typography.Text type="danger" role="alert">
          L'avoir dépasse le maximum de {formatMoney(value.reste)} : réduisez les lignes ou les quantités.
        </Typography.Text>
      )}
      {aRembourser > 0 && (
        <Typography.Text type="warning">
          Dont {formatMoney(aRembourser)} déjà réglés par le client : à lui rembourser ou à imputer sur une
          prochaine facture.
        </Typography.Text>
      )}
    </Space>
  );
}
