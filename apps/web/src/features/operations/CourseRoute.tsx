import { type CourseOut, formatMoney, photoChauffeurEndpoint } from '@yams/shared';
import { Empty, Image, Space, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchFile } from '../../base/http';
import { DateText } from '../../components/DateText';
import { useCourseRoute } from './api';
import { IncidentTraiter } from './IncidentTraiter';

/** A photo or signature of the road log: fetched with the session's token (never a public URL). */
function Photo({ id, alt }: { id: number; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    void fetchFile(photoChauffeurEndpoint, { params: { id } }, controller.signal).then((blob) => {
      if (!blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url ? <Image src={url} alt={alt} width={96} height={96} style={{ objectFit: 'cover' }} /> : null;
}

const lieu = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? ` · ${lat.toFixed(4)}, ${lng.toFixed(4)}` : '';

/**
 * What the driver recorded on the road (the driver's app): each step with the phone's time and place,
 * the proof of delivery with its signature and photos, fuel, road expenses and incidents, in time order.
 */
export function CourseRoute({ course: c }: { course: CourseOut }) {
  const route = useCourseRoute(c);
  const log = route.data;
  if (!log) return null;
  const items = [
    ...log.etapes.map((e) => ({
      at: e.date,
      color: e.statut === 'Problemes mécaniques' ? 'red' : 'blue',
      children: (
        <>
          <strong>{e.statut}</strong> — {e.chauffeur}, <DateText value={e.date} withTime />
          {lieu(e.lat, e.lng)}
          {!e.appliquee && <Typography.Text type="secondary"> (reçue après coup)</Typography.Text>}
          {e.note && <div>{e.note}</div>}
        </>
      ),
    })),
    ...log.releves.map((r) => ({
      at: r.date,
      color: r.genre === 'incident' ? 'red' : 'gray',
      children: (
        <>
          <strong>
            {r.genre === 'carburant'
              ? `${r.type} : ${r.litres} L`
              : r.genre === 'frais'
                ? `Frais : ${r.type}`
                : `Incident : ${r.type}`}
          </strong>
          {r.montant !== null && ` — ${formatMoney(r.montant)}`} — {r.chauffeur},{' '}
          <DateText value={r.date} withTime />
          {r.station && ` · ${r.station}`}
          {r.kilometrage !== null && ` · ${r.kilometrage} km`}
          {lieu(r.lat, r.lng)}
          {r.note && <div>{r.note}</div>}
          {r.photo_id && <Photo id={r.photo_id} alt={`Photo : ${r.type}`} />}
          {r.genre === 'incident' &&
            (r.traitement ? (
              <div>
                <Typography.Text type="success">
                  Traité par {r.traitement.par} le <DateText value={r.traitement.le} withTime /> :
                </Typography.Text>{' '}
                {r.traitement.note}
              </div>
            ) : (
              <div>
                <Typography.Text type="warning">À traiter</Typography.Text>{' '}
                <IncidentTraiter incident={{ id: r.id, type: r.type, note: r.note ?? '' }} />
              </div>
            ))}
        </>
      ),
    })),
    ...(log.livraison
      ? [
          {
            at: log.livraison.date,
            color: 'green',
            children: (
              <>
                <strong>Livré à {log.livraison.receptionnaire}</strong> — {log.livraison.chauffeur},{' '}
                <DateText value={log.livraison.date} withTime />
                {lieu(log.livraison.lat, log.livraison.lng)}
                {log.livraison.note && <div>{log.livraison.note}</div>}
                <Space wrap>
                  {log.livraison.signature_id && (
                    <Photo id={log.livraison.signature_id} alt="Signature du réceptionnaire" />
                  )}
                  {log.livraison.photo_ids.map((id) => (
                    <Photo key={id} id={id} alt="Photo de la livraison" />
                  ))}
                </Space>
              </>
            ),
          },
        ]
      : []),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (!items.length) return <Empty description="Le chauffeur n'a encore rien enregistré sur la route." />;
  return <Timeline items={items.map(({ color, children }) => ({ color, children }))} />;
}
