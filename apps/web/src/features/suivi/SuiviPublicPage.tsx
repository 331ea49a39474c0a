import { useQuery } from '@tanstack/react-query';
import { formatDateTime, lieuTexte, type SuiviPublicOut, suiviPublicEndpoint } from '@yams/shared';
import { Alert, Result, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ApiError, call } from '../../base/http';
import { Brand } from '../../components/Brand';
import { DateText } from '../../components/DateText';
import { StatusTag } from '../../components/StatusTag';
import { useIsMobile } from '../../components/useIsMobile';
import type { Repere } from './SuiviMap';

const SuiviMap = lazy(() => import('./SuiviMap').then((m) => ({ default: m.SuiviMap })));

/** The vehicle's position is asked again this often. */
const POLL_MS = 15_000;

/** The address then its town, the town once (`Tchibanga`, not `Tchibanga, Tchibanga`). */
const lieu = (l: SuiviPublicOut['chargement']) => lieuTexte(l.adresse, l.ville);

/** « Livré à Sylvie Moussavou le 27/11/2026 à 14:05 », in Libreville time. */
function livreA(l: NonNullable<SuiviPublicOut['livraison']>): string {
  const [jour, heure] = formatDateTime(l.date).split(' ');
  return `Livré à ${l.receptionnaire} le ${jour} à ${heure}`;
}

/**
 * The public tracking page of one course (`/suivi/{token}`, no account): its route, its vehicle's live
 * position and recent track (asked again every 15 s), and its events. Nothing else of the company shows.
 * Once delivered, « Livré à … le … à … » (no photo or signature here), still shown for a week after the
 * course ends; before, the delivery code the office asked for, for the receiver to give the driver.
 * A revoked link, a finished or cancelled course or a wrong address: one clear French message.
 */
export default function SuiviPublicPage() {
  const { token = '' } = useParams();
  const suivi = useQuery({
    queryKey: ['suivi-public', token],
    queryFn: async ({ signal }) =>
      (
        await call(
          suiviPublicEndpoint,
          { params: { token } },
          // The page says itself what went wrong: no toast, no session to end.
          { signal, errors: 'none', background: true },
        )
      ).data,
    refetchInterval: (q) =>
      q.state.error instanceof ApiError && q.state.error.status === 404 ? false : POLL_MS,
    retry: (n, error) => !(error instanceof ApiError && error.status === 404) && n < 2,
  });
  const invalide = suivi.error instanceof ApiError && suivi.error.status === 404;
  const s = suivi.data;

  return (
    <div style={{ minHeight: '100vh', background: '#f3f5f8' }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          padding: '10px 16px',
          background: '#fff',
          borderBottom: '1px solid #e5e7eb',
          flexWrap: 'wrap',
        }}
      >
        {s ? <Transporteur t={s.transporteur} /> : <Brand />}
        <Typography.Text type="secondary">Suivi de livraison</Typography.Text>
      </header>
      <main style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
        {invalide || (!s && suivi.isError) ? (
          <Result
            status={invalide ? 'warning' : 'error'}
            title={invalide ? "Ce lien de suivi n'est plus valide" : 'Le suivi ne peut pas être affiché'}
            subTitle={
              invalide
                ? 'Il a été révoqué, ou la course est terminée ou annulée. Demandez un nouveau lien au transporteur si besoin.'
                : 'Vérifiez votre connexion et rechargez la page.'
            }
          />
        ) : !s ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <Suivi s={s} horsLigne={suivi.isError} />
        )}
      </main>
    </div>
  );
}

/** The carrier the client deals with, not the software: its logo (when it has one) and its name. */
function Transporteur({ t }: { t: SuiviPublicOut['transporteur'] }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
      {t.logo && (
        <img
          src={t.logo}
          alt={`Logo de ${t.nom}`}
          style={{ height: 36, maxWidth: 120, objectFit: 'contain', flexShrink: 0 }}
        />
      )}
      <Typography.Text strong style={{ fontSize: 17 }} ellipsis>
        {t.nom}
      </Typography.Text>
    </div>
  );
}

function Suivi({ s, horsLigne }: { s: SuiviPublicOut; horsLigne: boolean }) {
  const mobile = useIsMobile();
  const reperes: Repere[] = [];
  if (s.chargement.latitude !== null && s.chargement.longitude !== null)
    reperes.push({
      key: 'chargement',
      lat: s.chargement.latitude,
      lng: s.chargement.longitude,
      label: `Chargement : ${lieu(s.chargement)}`,
      color: '#389e0d',
    });
  if (s.dechargement.latitude !== null && s.dechargement.longitude !== null)
    reperes.push({
      key: 'dechargement',
      lat: s.dechargement.latitude,
      lng: s.dechargement.longitude,
      label: `Destination : ${lieu(s.dechargement)}`,
      color: '#cf1322',
    });
  if (s.position)
    reperes.push({
      key: 'vehicule',
      lat: s.position.latitude,
      lng: s.position.longitude,
      label: 'Véhicule',
      color: '#1677ff',
      radius: 11,
    });
  const trace = s.trace.map((p): [number, number] => [p.latitude, p.longitude]);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Space wrap align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            Course {s.code}
          </Typography.Title>
          <StatusTag lifecycle="course" value={s.statut} />
        </Space>
        <Typography.Paragraph style={{ margin: '6px 0 0', fontSize: 16 }}>
          {lieu(s.chargement)} → {lieu(s.dechargement)}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          Chargement prévu le <DateText value={s.date_chargement} withTime />
          {s.date_dechargement ? (
            <>
              {' '}
              · arrivée prévue le <DateText value={s.date_dechargement} withTime />
            </>
          ) : null}
        </Typography.Text>
      </div>
      {s.livraison && (
        <Alert
          type="success"
          showIcon
          role="status"
          message={<span style={{ fontSize: 16 }}>{livreA(s.livraison)}</span>}
        />
      )}
      {s.code_livraison && (
        <Alert
          type="info"
          showIcon
          message={
            <span style={{ fontSize: 16 }}>
              Code de livraison : <strong style={{ letterSpacing: 2 }}>{s.code_livraison}</strong>
            </span>
          }
          description="Donnez ce code au chauffeur à la réception de la marchandise : il le saisit pour enregistrer la livraison."
        />
      )}
      {horsLigne && (
        <Alert
          type="warning"
          showIcon
          message="Connexion perdue : la position affichée n'est peut-être plus à jour."
        />
      )}
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: mobile ? '1fr' : 'minmax(0, 2fr) minmax(280px, 1fr)',
          alignItems: 'start',
        }}
      >
        <div style={{ minWidth: 0, height: mobile ? 320 : 440, borderRadius: 8, overflow: 'hidden' }}>
          <Suspense fallback={<Skeleton active />}>
            <SuiviMap reperes={reperes} trace={trace} />
          </Suspense>
        </div>
        <section
          aria-label="Événements"
          style={{ background: '#fff', borderRadius: 8, padding: 16, border: '1px solid #eef0f3' }}
        >
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Position du véhicule
          </Typography.Title>
          {s.position ? (
            <Typography.Paragraph>
              Dernière position reçue le <DateText value={s.position.heure} withTime />
              {s.position.vitesse !== null ? ` · ${Math.round(s.position.vitesse)} km/h` : ''}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">
              {s.statut === 'Terminé'
                ? 'La course est terminée : la position du véhicule n’est plus affichée.'
                : "Aucune position reçue pour l'instant."}
            </Typography.Paragraph>
          )}
          <Typography.Title level={5}>Événements</Typography.Title>
          {s.evenements.length === 0 ? (
            <Typography.Paragraph type="secondary">
              Aucun événement pour l'instant : ils s'affichent quand le véhicule arrive au chargement ou à
              destination.
            </Typography.Paragraph>
          ) : (
            <Timeline
              items={s.evenements.map((e) => ({
                key: `${e.type}-${e.heure}`,
                color: e.type.startsWith('Arrivé') ? 'green' : 'blue',
                children: (
                  <span>
                    <strong>{e.type}</strong> — <DateText value={e.heure} withTime />
                  </span>
                ),
              }))}
            />
          )}
          <Space size={6} wrap>
            <Tag color="green">Chargement</Tag>
            <Tag color="red">Destination</Tag>
            <Tag color="blue">Véhicule</Tag>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
            Mis à jour le {formatDateTime(s.mis_a_jour)} (heure de Libreville) · actualisé toutes les 15 s.
          </Typography.Paragraph>
        </section>
      </div>
    </Space>
  );
}
