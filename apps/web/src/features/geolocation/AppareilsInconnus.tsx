import { useQueryClient } from '@tanstack/react-query';
import { type AppareilInconnuOut, enregistrerInconnuEndpoint } from '@yams/shared';
import { Alert, Button, List, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../base/http';
import { SourceSelect } from '../../components/form/SourceSelect';
import { entrepriseSource, isSuperadmin } from '../../components/list/tenant';
import { appareils, useAppareilsInconnus } from './api';
import { formatFix } from './format';

/**
 * Identifiers that sent positions lately but belong to no device ('Appareil inconnu'): the superadmin's
 * only (a company adds its devices by typing their identifier, and never sees another company's phone).
 * One click assigns one to the company chosen above the list (named 'Appareil {identifiant}', to rename
 * and put in a vehicle afterwards).
 */
export function AppareilsInconnus() {
  const superadmin = isSuperadmin();
  const { data } = useAppareilsInconnus(superadmin);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [entreprise, setEntreprise] = useState<number | null>(null);
  if (!superadmin || !data?.length) return null;
  const register = async (inconnu: AppareilInconnuOut) => {
    setBusy(inconnu.identifiant);
    try {
      await call(
        enregistrerInconnuEndpoint,
        { body: { identifiant: inconnu.identifiant, entreprise_id: entreprise } },
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
          <>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 4 }}>
              <Typography.Text>Attribuer à</Typography.Text>
              <SourceSelect
                source={entrepriseSource}
                value={entreprise}
                onChange={(v) => setEntreprise((v as number | undefined) ?? null)}
                placeholder="Choisir l'entreprise"
                aria-label="Entreprise à qui attribuer l'appareil"
                allowClear
                style={{ minWidth: 220, maxWidth: '100%' }}
              />
            </div>
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
                      disabled={entreprise === null}
                      loading={busy === inconnu.identifiant}
                      onClick={() => void register(inconnu)}
                      aria-label={`Attribuer l'appareil ${inconnu.identifiant}`}
                    >
                      Attribuer
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
          </>
        }
      />
    </section>
  );
}
