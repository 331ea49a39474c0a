import { useQuery } from '@tanstack/react-query';
import { libelleValeur } from '@yams/shared';
import { Modal, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { DateText } from '../../components/DateText';
import { useDialogWidth } from '../../components/dialogWidth';
import { Money } from '../../components/Money';
import { journaux } from './api';
import { Mouvement } from './Solde';

/** 'Opération ID{id}': the whole entry, its lines and the document it came from. */
export function OperationDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const width = useDialogWidth();
  const { data } = useQuery({
    queryKey: journaux.keys.detail(id ?? 0),
    queryFn: ({ signal }) => journaux.fetchOne(id!, signal),
    enabled: id !== null,
  });
  return (
    <Modal
      open={id !== null}
      title={`Opération ID${id ?? ''}`}
      onCancel={onClose}
      footer={null}
      width={width}
      destroyOnHidden
    >
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            <DateText value={data.date_operation} /> · Journal {libelleValeur(data.type)} · {data.libelle}
            {data.piece ? ` · Pièce ${data.piece}` : ''}
          </Typography.Text>
          {data.source?.lien && (
            <Link to={data.source.lien}>Voir le document d'origine ({data.piece ?? data.source.type})</Link>
          )}
          {data.contre_passation_de && (
            <Typography.Text type="warning">
              Contre-passation de l'opération ID{data.contre_passation_de}
            </Typography.Text>
          )}
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.lignes}
            columns={[
              { key: 'compte', title: 'Compte', render: (_, l) => `${l.compte} ${l.compte_libelle}` },
              { key: 'libelle', title: 'Libellé', dataIndex: 'libelle' },
              {
                key: 'debit',
                title: 'Débit',
                align: 'right',
                render: (_, l) => <Mouvement value={l.debit} />,
              },
              {
                key: 'credit',
                title: 'Crédit',
                align: 'right',
                render: (_, l) => <Mouvement value={l.credit} />,
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Money value={data.total_debit} strong />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Money value={data.total_credit} strong />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </Space>
      )}
    </Modal>
  );
}
