import { type AccesChauffeurOut, actionPath, type UserOut, utilisateursContract } from '@yams/shared';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { http } from '../../base/http';
import { DateText } from '../../components/DateText';

/**
 * A driver's access to the driver's app, in his Ressources Humaines detail: a single-use link to
 * choose his password, sent by WhatsApp (or copied into an SMS) since most drivers have no email; a new link is
 * also the reset (the unused ones stop). Blocking is the detail's 'Bloquer'.
 */
export function AccesChauffeur({ user }: { user: UserOut }) {
  const [acces, setAcces] = useState<AccesChauffeurOut | null>(null);
  const [busy, setBusy] = useState(false);
  if (user.bloque) {
    return (
      <Typography.Text type="secondary">
        Compte bloqué : il n'ouvre plus l'application chauffeur. Activez-le pour lui redonner l'accès.
      </Typography.Text>
    );
  }

  async function creer() {
    setBusy(true);
    try {
      const res = await http.post<AccesChauffeurOut>(
        actionPath(utilisateursContract, 'acces-chauffeur', user.id),
        {},
        { successToast: true },
      );
      setAcces(res.data);
    } catch {
      // Toasted by http.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        Connexion à l'application chauffeur (<Typography.Text code>/chauffeur</Typography.Text>) avec{' '}
        {user.telephone1 ? `son numéro ${user.telephone1}` : `son email ${user.email}`}
        {user.last_seen_at ? (
          <>
            {' '}
            · vu pour la dernière fois le <DateText value={user.last_seen_at} withTime />
          </>
        ) : (
          ' · jamais connecté'
        )}
        .
      </Typography.Text>
      <Button onClick={() => void creer()} loading={busy}>
        {acces ? 'Créer un autre lien' : "Créer un lien d'accès (ou de nouveau mot de passe)"}
      </Button>
      {acces && (
        <Alert
          type="success"
          showIcon
          message={
            <>
              Lien à usage unique, valable jusqu'au <DateText value={acces.expire_le} withTime /> ; les liens
              précédents ne marchent plus.
            </>
          }
          description={
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph
                copyable={{ text: acces.lien, tooltips: ['Copier le lien', 'Copié'] }}
                style={{ wordBreak: 'break-all', marginBottom: 0 }}
                aria-label="Lien d'accès"
              >
                {acces.lien}
              </Typography.Paragraph>
              <Space wrap>
                {acces.whatsapp && (
                  <Button type="primary" href={acces.whatsapp} target="_blank" rel="noopener noreferrer">
                    Envoyer par WhatsApp
                  </Button>
                )}
                <Typography.Text copyable={{ text: acces.message, tooltips: ['Copier', 'Copié'] }}>
                  Copier le message (SMS)
                </Typography.Text>
              </Space>
            </Space>
          }
        />
      )}
    </Space>
  );
}
