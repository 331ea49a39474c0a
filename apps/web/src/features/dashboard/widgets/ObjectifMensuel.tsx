import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  finMois,
  formatMoney,
  formatNumber,
  parametresEndpoint,
  updateParametresEndpoint,
} from '@yams/shared';
import { Button, Popover, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { endpointKey } from '../../../base/endpointQuery';
import { call } from '../../../base/http';
import { PATHS } from '../../../base/paths';
import { MoneyInput, type MoneyValue } from '../../../components/form/MoneyInput';
import { ChartCard } from '../../dashboard/Chart';
import { gaugeOption } from '../../dashboard/dashboardOptions';
import type { CustomWidget, DashboardCtx } from './types';

/** Edits the monthly target of one company from the gauge. */
function TargetEditor({ entreprise, objectif }: { entreprise: string; objectif: number }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<MoneyValue>(objectif);
  const save = useMutation({
    mutationFn: (objectif_mensuel: number) =>
      call(
        updateParametresEndpoint,
        { query: { entreprise }, body: { objectif_mensuel } },
        { successToast: true },
      ),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['statistiques'] });
      void queryClient.invalidateQueries({ queryKey: endpointKey(parametresEndpoint) });
    },
  });
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setValue(objectif);
      }}
      trigger="click"
      title="Objectif mensuel (FCFA)"
      content={
        <Space.Compact>
          <MoneyInput
            aria-label="Objectif mensuel"
            value={value}
            onChange={setValue}
            style={{ width: 180 }}
            suffix={null}
          />
          <Button
            type="primary"
            loading={save.isPending}
            // What cannot be read is never saved as another number: the field says why (its tooltip).
            disabled={typeof value === 'string'}
            onClick={() => typeof value !== 'string' && save.mutate(value ?? 0)}
          >
            Enregistrer
          </Button>
        </Space.Compact>
      }
    >
      <Button type="text" size="small" icon={<EditOutlined />} aria-label="Modifier l'objectif mensuel" />
    </Popover>
  );
}

/** The month's turnover against the company's target (a gauge), the target editable by its company. */
function ObjectifMensuel({ d, superadmin, entreprise, open }: DashboardCtx) {
  const o = d.objectif;
  return (
    <ChartCard
      title="Objectif mensuel"
      name="objectif-mensuel"
      option={gaugeOption(d)}
      extra={(!superadmin || entreprise) && <TargetEditor entreprise={entreprise} objectif={o.objectif} />}
      // No target: the card says so once (not also 'Aucune donnée disponible'); the pencil sets one.
      emptyText="Aucun objectif mensuel défini"
      footer={
        o.objectif ? (
          <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center' }}>
            {`${formatMoney(o.realise)} sur ${formatMoney(o.objectif)}, ${formatNumber(o.taux ?? 0, 1)} % (${dayjs(`${o.mois}-01`).format('MMMM YYYY')})`}
          </Typography.Text>
        ) : null
      }
      onClick={() => open(PATHS.courses, { date_debut: `${o.mois}-01`, date_fin: finMois(o.mois) })}
    />
  );
}

export const objectifMensuel: CustomWidget = {
  key: 'objectif-mensuel',
  kind: 'custom',
  span: 8,
  render: (ctx) => <ObjectifMensuel {...ctx} />,
};
