import { useQueryClient } from '@tanstack/react-query';
import { type AppareilInconnuOut, enregistrerInconnuEndpoint } from '@yams/shared';
import { Alert, Button, List, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../base/http';
import { appareils, useAppareilsInconnus } from './api';
import { formatFix } from './format';

/**
 * Identifiers that sent positions lately but belong to no device ('Appareil inconnu'): one click registers
 * one (named 'Appareil {identifiant}', to rename and put in a vehicle afterwards).
 */
export function AppareilsInconnus() {
  const { data } = useAppareilsInconnus();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  if (!data?.length) return null;
  const register = async (inconnu: AppareilInconnuOut) => {
    setBusy(inconnu.identifiant);
    try {
      await call(
        enregistrerInconnuEndpoint,
        { body: { identifiant: inconnu.identifiant } },
        { successToast: true },
      );
      await queryClient.invalidateQueries({ queryKey: appareils.keys.all });
    } catch {
      // Toasted by the HTTP client.
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-label="Appareils inconnus">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`Appareil${data.length > 1 ? 's' : ''} inconnu${data.length > 1 ? 's' : ''} (${data.length})`}
        description={
          <List
            size="small"
            dataSource={data}
            renderItem={(inconnu) => (
              <List.Item
                actions={[
                  <Button
                    key="enregistrer"
                    type="primary"
                    size="small"
                    loading={busy === inconnu.identifiant}
                    onClick={() => void register(inconnu)}
                    aria-label={`Enregistrer l'appareil ${inconnu.identifiant}`}
                  >
                    Enregistrer
                  </Button>,
                ]}
              >
                <div>
                  <Typography.Text strong>Appareil inconnu</Typography.Text>{' '}
                  <Typography.Text code>{inconnu.identifiant}</Typography.Text>
                  <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
                    {inconnu.vu_fois} message{inconnu.vu_fois > 1 ? 's' : ''} refusé
                    {inconnu.vu_fois > 1 ? 's' : ''}, le dernier le {formatFix(inconnu.derniere_vue)}
                  </div>
                </div>
              </List.Item>
            )}
          />
        }
      />
    </section>
  );
}
