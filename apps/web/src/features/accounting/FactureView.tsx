import {
  arreteEnLettres,
  FACTURE_TYPE_LABELS,
  type FactureOut,
  type FactureType,
  formatDate,
  formatMoney,
  libelleDelai,
} from '@yams/shared';
import { Descriptions, Table, Tag, Typography } from 'antd';
import { useIsMobile } from '../../components/useIsMobile';
import { totauxItems } from './totauxItems';

/** Amounts of the totals boxes line up on the right, as on the printed invoice. */
export const TOTAUX_STYLE = { contentStyle: { textAlign: 'right' as const, whiteSpace: 'nowrap' as const } };

/** On a phone the lines stack: description, then quantity × unit price (discount) and the amount. */
function LignesEmpilees({ f }: { f: FactureOut }) {
  return (
    <ol aria-label="Lignes de la facture" style={{ listStyle: 'none', margin: '16px 0 0', padding: 0 }}>
      {f.content.map((l) =>
        l.isTitle ? (
          <li key={l.id} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <strong>{l.description}</strong>
          </li>
        ) : (
          <li key={l.id} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <div>{l.description}</div>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <Typography.Text type="secondary">
                {l.qte ?? 1} × {formatMoney(l.prix_unitaire)}
                {l.reduction > 0 ? ` − ${formatMoney(l.reduction)}` : ''}
              </Typography.Text>
              <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(l.net_a_payer)}</span>
            </div>
          </li>
        ),
      )}
    </ol>
  );
}

/** The invoice laid out as it prints: header, client block, lines and title lines, taxes, amount in words. */
export function FactureView({ f }: { f: FactureOut }) {
  const mobile = useIsMobile();
  const titre = f.type === 'Avoir' ? 'AVOIR' : f.type === 'Pro forma' ? 'FACTURE PRO FORMA' : 'FACTURE';
  return (
    <section aria-label="Facture" style={{ border: '1px solid #e5e7eb', borderRadius: 6, padding: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 16 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0, color: '#1f3a5f' }}>
            {titre}
          </Typography.Title>
          <div>{f.numero ? `N° ${f.numero}` : `Brouillon n°${f.id}`}</div>
          <div>Date : {formatDate(f.date_operation)}</div>
          {f.type !== 'Avoir' && (
            <div>
              Paiement : {libelleDelai(f.delai_paiement)} — échéance le {formatDate(f.date_echeance)}
            </div>
          )}
          {f.expirable && f.date_expiration && <div>Valable jusqu'au : {formatDate(f.date_expiration)}</div>}
          <div>
            Type : {FACTURE_TYPE_LABELS[f.type as FactureType] ?? f.type} <Tag>{f.statut}</Tag>
          </div>
          {f.origine && (
            <div>
              {f.type === 'Avoir' ? 'Sur facture' : 'Pro forma'} : {f.origine.numero ?? `n°${f.origine.id}`}
            </div>
          )}
        </div>
        <div style={{ border: '1px solid #d1d5db', borderRadius: 4, padding: '8px 12px', minWidth: 240 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            CLIENT
          </Typography.Text>
          <div>
            <strong>{f.client.nom_complet}</strong>
          </div>
          {[
            f.client.adresse,
            f.client.bp,
            [f.client.telephone1, f.client.telephone2].filter(Boolean).join(' / '),
            f.client.email,
          ]
            .filter(Boolean)
            .map((l) => (
              <div key={l}>{l}</div>
            ))}
        </div>
      </div>
      {mobile ? (
        <LignesEmpilees f={f} />
      ) : (
        <Table
          style={{ marginTop: 16 }}
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 640 }}
          dataSource={f.content}
          aria-label="Lignes de la facture"
          columns={[
            {
              key: 'description',
              title: 'Désignation',
              onCell: (l) => (l.isTitle ? { colSpan: 5 } : {}),
              render: (_, l) => (l.isTitle ? <strong>{l.description}</strong> : l.description),
            },
            {
              key: 'qte',
              title: 'Qté',
              align: 'right',
              onCell: (l) => (l.isTitle ? { colSpan: 0 } : {}),
              render: (_, l) => l.qte,
            },
            {
              key: 'pu',
              title: 'Prix unitaire',
              align: 'right',
              onCell: (l) => (l.isTitle ? { colSpan: 0 } : {}),
              render: (_, l) => formatMoney(l.prix_unitaire),
            },
            {
              key: 'remise',
              title: 'Remise',
              align: 'right',
              onCell: (l) => (l.isTitle ? { colSpan: 0 } : {}),
              render: (_, l) => (l.reduction > 0 ? formatMoney(l.reduction) : '—'),
            },
            {
              key: 'montant',
              title: 'Montant',
              align: 'right',
              onCell: (l) => (l.isTitle ? { colSpan: 0 } : {}),
              render: (_, l) => formatMoney(l.net_a_payer),
            },
          ]}
        />
      )}
      <Descriptions
        {...TOTAUX_STYLE}
        size="small"
        bordered
        column={1}
        style={{ maxWidth: 420, marginLeft: 'auto', marginTop: 12 }}
      >
        {totauxItems(
          f,
          { ...f, taux: { tva: f.taux_tva, css: f.taux_css, tps: f.taux_tps } },
          f.remise_avant_taxes,
          <strong>{formatMoney(f.net_a_payer)}</strong>,
        ).map((i) => (
          <Descriptions.Item key={i.key} label={i.label}>
            {i.children}
          </Descriptions.Item>
        ))}
        {f.type === 'Normale' && f.est_valide && f.reglements.length > 0 && (
          <Descriptions.Item label="Déjà réglé">
            {formatMoney(f.reglements.reduce((n, r) => n + r.montant, 0))}
          </Descriptions.Item>
        )}
        {f.montant_credite > 0 && (
          <Descriptions.Item label="Avoirs">- {formatMoney(f.montant_credite)}</Descriptions.Item>
        )}
        {f.type === 'Normale' && f.est_valide && (
          <Descriptions.Item label="Reste à payer">{formatMoney(f.reste_a_payer)}</Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Paragraph italic style={{ marginTop: 12 }}>
        {arreteEnLettres(f.net_a_payer, f.type === 'Avoir' ? 'le présent avoir' : 'la présente facture')}.
      </Typography.Paragraph>
      {f.conditions && (
        <Typography.Paragraph>
          <strong>Conditions</strong>
          <br />
          {f.conditions}
        </Typography.Paragraph>
      )}
      {f.mentions && (
        <Typography.Paragraph>
          <strong>Mentions</strong>
          <br />
          {f.mentions}
        </Typography.Paragraph>
      )}
      {(f.reglements.length > 0 || f.derivees.length > 0) && (
        <Typography.Paragraph type="secondary">
          {f.reglements.map((r) => (
            <span key={r.id} style={{ display: 'block' }}>
              Règlement du {formatDate(r.date_operation)} ({r.mode}) : {formatMoney(r.montant)}
            </span>
          ))}
          {f.derivees.map((d) => (
            <span key={d.id} style={{ display: 'block' }}>
              {d.type === 'Avoir' ? 'Avoir' : 'Facture définitive'} {d.numero ?? `brouillon n°${d.id}`} :{' '}
              {formatMoney(d.net_a_payer)}
            </span>
          ))}
        </Typography.Paragraph>
      )}
    </section>
  );
}
