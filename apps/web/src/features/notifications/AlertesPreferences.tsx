import { type AlerteGps, isAlerteGps, isNotificationType } from '@yams/shared';
import { Checkbox, Skeleton, Table, Typography } from 'antd';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api';

type Canal = 'app' | 'email';
interface Ligne {
  type: string;
  libelle: string;
  app: boolean;
  email: boolean;
}

/**
 * The GPS alerts this user chooses (none until chosen): each in the application (the bell) and/or by e-mail,
 * saved at each change. In 'Mon compte' and on Géolocalisation's « Événements » tab.
 */
export function AlertesPreferences() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  if (!prefs.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const { types, alertes } = prefs.data;
  const choisies = (canal: Canal, type: string, on: boolean): AlerteGps[] =>
    alertes
      .filter((a) => (a.type === type ? on : a[canal]))
      .map((a) => a.type)
      .filter(isAlerteGps);
  const change = (canal: Canal, type: string, on: boolean) =>
    save.mutate({
      desactivees: types
        .filter((t) => !t.actif)
        .map((t) => t.type)
        .filter(isNotificationType),
      [canal === 'app' ? 'alertes_app' : 'alertes_email']: choisies(canal, type, on),
    });
  const coche = (canal: Canal, label: string) => (_: unknown, a: Ligne) => (
    <Checkbox
      aria-label={`${a.libelle} : ${label}`}
      checked={a[canal]}
      disabled={save.isPending}
      onChange={(e) => change(canal, a.type, e.target.checked)}
    />
  );
  return (
    <div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Choisissez les alertes GPS que vous recevez. Les seuils (vitesse maximale, durées) se règlent dans
        Configurations → Entreprise ; la vitesse maximale d’un véhicule, dans sa fiche.
      </Typography.Paragraph>
      <Table<Ligne>
        rowKey="type"
        size="small"
        pagination={false}
        dataSource={alertes}
        columns={[
          { key: 'libelle', title: 'Alerte', dataIndex: 'libelle' },
          {
            key: 'app',
            title: 'Application',
            align: 'center',
            width: 100,
            render: coche('app', 'dans l’application'),
          },
          {
            key: 'email',
            title: 'E-mail',
            align: 'center',
            width: 80,
            render: coche('email', 'par e-mail'),
          },
        ]}
      />
    </div>
  );
}
