import { CopyOutlined, ExportOutlined, ShareAltOutlined, StopOutlined } from '@ant-design/icons';
import {
  COURSE_STATUTS_FINAUX,
  type CourseOut,
  type CourseStatut,
  type LienSuiviCreeOut,
} from '@yams/shared';
import { Alert, Button, Input, Popconfirm, Space, Switch, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../base/toast';
import { DateText } from '../../components/DateText';
import { useCodeLivraison, useCourseEvenements, useCourseRoute, useLiensSuivi } from './api';
import { formatPoint } from './LieuInput';

/** Green when the vehicle arrives, blue when it leaves. */
const couleur = (type: string) => (type.startsWith('Arrivé') ? 'green' : 'blue');

/**
 * The GPS side of a course's detail: the events its vehicle raised around the pickup and the drop-off
 * ('Arrivé au chargement'…, Libreville times), and 'Partager le suivi': a public link (shown once, with a
 * copy button) that anyone may open without an account, until it is revoked or the course ends.
 */
export function CourseSuivi({ course: c }: { course: CourseOut }) {
  // While the course runs, a new arrival shows without reopening the detail.
  const evenements = useCourseEvenements(c);
  const points = [
    c.chargement_lat !== null && c.chargement_lng !== null
      ? `chargement ${formatPoint({ lat: c.chargement_lat, lng: c.chargement_lng })}`
      : null,
    c.dechargement_lat !== null && c.dechargement_lng !== null
      ? `destination ${formatPoint({ lat: c.dechargement_lat, lng: c.dechargement_lng })}`
      : null,
  ].filter(Boolean);
  const items = evenements.data ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {points.length
          ? `Points GPS : ${points.join(' · ')}.`
          : "Aucun point GPS de chargement ni de destination : modifiez la course pour les choisir, sans quoi l'arrivée du véhicule n'est pas détectée."}
      </Typography.Text>
      <section aria-label="Événements de la course">
        {evenements.isLoading ? (
          <Typography.Text type="secondary">Chargement des événements…</Typography.Text>
        ) : evenements.isError && !evenements.data ? (
          <Typography.Text type="danger">
            Une erreur s'est produite lors du chargement des données.
          </Typography.Text>
        ) : items.length === 0 ? (
          <Typography.Text type="secondary">
            Aucun événement pour l'instant : ils s'enregistrent quand le véhicule arrive au chargement ou à
            destination, ou en repart.
          </Typography.Text>
        ) : (
          <Timeline
            items={items.map((e) => ({
              key: e.id,
              color: couleur(e.type),
              children: (
                <span>
                  <strong>{e.type}</strong> — <DateText value={e.heure} withTime />
                </span>
              ),
            }))}
          />
        )}
      </section>
      <PartageSuivi course={c} />
    </Space>
  );
}

function PartageSuivi({ course: c }: { course: CourseOut }) {
  const [cree, setCree] = useState<LienSuiviCreeOut | null>(null);
  const finie = COURSE_STATUTS_FINAUX.includes(c.statut as CourseStatut);
  const { liens, creer, revoquer } = useLiensSuivi(c.id);
  const actifs = (liens.data ?? []).filter((l) => l.actif);
  const copier = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Lien copié.');
    } catch {
      toast.staggered([{ severity: 'info', value: 'Sélectionnez le lien et copiez-le (Ctrl+C).' }]);
    }
  };

  if (finie) {
    return (
      <Typography.Text type="secondary">
        {c.statut === 'Annulé'
          ? "La course est annulée : son suivi public n'est plus disponible."
          : 'La course est terminée : plus de nouveau lien de suivi. Un lien déjà envoyé montre encore la livraison pendant 7 jours.'}
      </Typography.Text>
    );
  }
  return (
    <section aria-label="Partager le suivi">
      <Space direction="vertical" size="small" style={{ width: '100%' }}>
        <CodeLivraison course={c} />
        {cree && (
          <Alert
            type="success"
            showIcon
            message="Lien de suivi créé"
            description={
              <Space direction="vertical" size={6} style={{ width: '100%' }}>
                <span>
                  Envoyez-le au client : il voit le trajet, la position du véhicule et les événements de cette
                  course, sans compte. Ce lien n'est affiché qu'une fois.
                  {c.code_livraison &&
                    ` La page montre aussi le code de livraison (${c.code_livraison}), que le destinataire donne au chauffeur.`}
                </span>
                <Input
                  readOnly
                  value={cree.url}
                  aria-label="Lien de suivi"
                  onFocus={(e) => e.target.select()}
                />
                <Space wrap>
                  <Button icon={<CopyOutlined />} onClick={() => void copier(cree.url)}>
                    Copier le lien
                  </Button>
                  <a href={cree.chemin} target="_blank" rel="noreferrer">
                    <ExportOutlined /> Ouvrir la page de suivi
                  </a>
                </Space>
              </Space>
            }
          />
        )}
        {actifs.length > 0 && (
          <Typography.Text>
            {actifs.length === 1
              ? 'Un lien de suivi est actif, créé le '
              : `${actifs.length} liens de suivi sont actifs, le dernier créé le `}
            <DateText value={actifs[actifs.length - 1]!.created_at} withTime />.
          </Typography.Text>
        )}
        <Space wrap>
          <Button
            type="primary"
            icon={<ShareAltOutlined />}
            loading={creer.isPending}
            onClick={() => creer.mutate(undefined, { onSuccess: setCree })}
          >
            {actifs.length ? 'Partager le suivi (nouveau lien)' : 'Partager le suivi'}
          </Button>
          {actifs.length > 0 && (
            <Popconfirm
              title="Révoquer le suivi ?"
              description="Les liens déjà envoyés ne fonctionneront plus."
              okText="Oui"
              cancelText="Non"
              onConfirm={() => revoquer.mutateAsync().then(() => setCree(null))}
            >
              <Button danger icon={<StopOutlined />} loading={revoquer.isPending}>
                Révoquer le lien
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Space>
    </section>
  );
}

/**
 * « Exiger un code de livraison »: a 6-digit code the client reads on the tracking page (or is told) and the
 * receiver gives the driver, who types it with the proof of delivery; the API refuses a wrong one.
 */
function CodeLivraison({ course: c }: { course: CourseOut }) {
  const changer = useCodeLivraison(c.id);
  // The road log the Route section reads (one query): once delivered, the code no longer changes.
  const livraison = useCourseRoute(c).data?.livraison;
  if (livraison) {
    return (
      <Typography.Text>
        {livraison.code_verifie
          ? `Code de livraison ${c.code_livraison ?? ''} vérifié à la livraison.`
          : 'Livré sans code de livraison.'}
      </Typography.Text>
    );
  }
  return (
    <Space wrap align="center">
      <Switch
        checked={c.code_livraison !== null}
        loading={changer.isPending}
        onChange={(on) => changer.mutate(on)}
        aria-label="Exiger un code de livraison"
      />
      <span>Exiger un code de livraison</span>
      {c.code_livraison && (
        <Typography.Text strong copyable={{ text: c.code_livraison, tooltips: ['Copier', 'Copié'] }}>
          Code : {c.code_livraison}
        </Typography.Text>
      )}
    </Space>
  );
}
