import { GPS } from '@yams/shared';
import { Typography } from 'antd';
import { useGpsServeur } from './api';

/**
 * The address Traccar Client (or an OsmAnd tracker) must send to: this server's OsmAnd path, followed by
 * the device's secret when it has one (a message without it is refused).
 */
export function osmandUrl(location: Pick<Location, 'origin'> = window.location, cle?: string | null): string {
  return `${location.origin}${cle ? GPS.osmandCle(cle) : GPS.osmandPath}`;
}

/** The port in that address (the one the browser uses to reach this server). */
export function serverPort(location: Pick<Location, 'port' | 'protocol'> = window.location): string {
  return location.port || (location.protocol === 'https:' ? '443' : '80');
}

/** A value to type into the device, shown as code with a copy button. */
function Copiable({ text, label }: { text: string; label?: string }) {
  return (
    <Typography.Text code copyable={{ text, tooltips: ['Copier', 'Copié'] }} aria-label={label}>
      {text}
    </Typography.Text>
  );
}

/**
 * What to type into Traccar Client on the driver's phone: the device identifier and the server's address
 * (with its port, and the device's secret key in it when it has one), then start the service. Shown above
 * the devices list and in each device's details.
 */
export function TraccarSetup({ identifiant, cle }: { identifiant?: string; cle?: string | null }) {
  const url = osmandUrl(window.location, cle);
  const portGps = useGpsServeur().data?.port_gps;
  const tracker = portGps
    ? cle
      ? `${window.location.protocol}//${window.location.hostname}:${portGps}/${cle}`
      : `${window.location.hostname}:${portGps}`
    : null;
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      <div>
        <Typography.Text type="secondary">URL du serveur : </Typography.Text>
        <Copiable text={url} label="URL du serveur" />
        <Typography.Text type="secondary"> (port {serverPort()})</Typography.Text>
      </div>
      {tracker && (
        <div>
          <Typography.Text type="secondary">Traceur GPS (protocole OsmAnd) : serveur </Typography.Text>
          <Copiable text={tracker} label="Serveur des traceurs GPS" />
          <Typography.Text type="secondary"> (port {portGps})</Typography.Text>
        </div>
      )}
      <div>
        <Typography.Text type="secondary">Identifiant de l'appareil : </Typography.Text>
        {identifiant ? (
          <Copiable text={identifiant} />
        ) : (
          <Typography.Text>
            celui de l'appareil dans la liste ci-dessous (sa fiche donne l'URL avec sa clé secrète)
          </Typography.Text>
        )}
      </div>
      {identifiant !== undefined && (
        <div>
          <Typography.Text type="secondary">Clé secrète : </Typography.Text>
          {cle ? (
            <>
              <Copiable text={cle} label="Clé secrète" />
              <Typography.Text type="secondary"> (déjà dans l'URL du serveur ci-dessus)</Typography.Text>
            </>
          ) : (
            <Typography.Text type="warning">
              aucune : quiconque connaît l'identifiant peut envoyer des positions pour cet appareil
            </Typography.Text>
          )}
        </div>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Dans Traccar Client : saisissez l'identifiant et l'URL du serveur (telle quelle, clé comprise),
        choisissez la fréquence d'envoi (par exemple 30 s) puis activez le suivi. Un traceur GPS au protocole
        OsmAnd se règle de la même façon.
      </Typography.Text>
    </div>
  );
}
