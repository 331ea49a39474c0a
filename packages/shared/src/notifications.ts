import { z } from 'zod';
import { ALERTE_GPS_KEYS, ALERTES_GPS, type AlerteGps } from './alertes';

/** The kinds of notification events create; each user chooses which they receive ('Mon compte'). */
export const NOTIFICATION_TYPES = {
  demande_diffusee: 'Nouvelle demande diffusée',
  course_statut: 'Changement de statut d’une course',
  incident_route: 'Incident signalé par un chauffeur (panne, accident, retard, contrôle)',
  paiement_recu: 'Paiement reçu',
  document_expiration: 'Document qui expire (30 jours, 7 jours, le jour même)',
  intervention_retard: 'Intervention dont la date de fin est dépassée',
  course_evenement: 'Arrivée ou départ d’un véhicule au chargement ou à destination',
  plan_entretien: 'Entretien à prévoir bientôt ou en retard (plans d’entretien)',
  anomalie_carburant: 'Anomalie de carburant (consommation, réservoir, pleins rapprochés, compteur)',
  alerte_vitesse: `Alerte GPS : ${ALERTES_GPS.alerte_vitesse.libelle}`,
  alerte_arret: `Alerte GPS : ${ALERTES_GPS.alerte_arret.libelle}`,
  alerte_ralenti: `Alerte GPS : ${ALERTES_GPS.alerte_ralenti.libelle}`,
  alerte_silence: `Alerte GPS : ${ALERTES_GPS.alerte_silence.libelle}`,
  alerte_zone: `Alerte GPS : ${ALERTES_GPS.alerte_zone.libelle}`,
} as const satisfies Record<string, string> & Record<AlerteGps, string>;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_KEYS = Object.keys(NOTIFICATION_TYPES) as NotificationType[];
export const isNotificationType = (type: string): type is NotificationType =>
  Object.hasOwn(NOTIFICATION_TYPES, type);

export const NotificationOut = z.object({
  id: z.number(),
  type: z.string(),
  titre: z.string(),
  contenu: z.string().nullable(),
  /** The screen of the record the notification is about (`/operations/courses?id=12`). */
  lien: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationOut = z.infer<typeof NotificationOut>;

export const MessageOut = z.object({
  id: z.number(),
  sender_id: z.number().nullable(),
  sender_nom: z.string().nullable(),
  recipient_id: z.number(),
  recipient_nom: z.string().nullable(),
  contenu: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type MessageOut = z.infer<typeof MessageOut>;

export const MessageBody = z.object({
  recipient_id: z.coerce
    .number({ error: 'Le destinataire est obligatoire.' })
    .int({ error: 'Le destinataire est obligatoire.' })
    .positive({ error: 'Le destinataire est obligatoire.' })
    .max(2_147_483_647, { error: 'Le destinataire est obligatoire.' }),
  contenu: z
    .string({ error: 'Le message est obligatoire.' })
    .trim()
    .min(1, { error: 'Le message ne peut pas être vide.' })
    .max(5000, { error: 'Le message ne peut pas dépasser 5000 caractères.' }),
});
export type MessageBody = z.infer<typeof MessageBody>;

/**
 * The GPS alerts are chosen (opt-in): a user receives one only when it is in `alertes_app` (the bell) or
 * `alertes_email` (a mail). The other kinds are received unless turned off (`desactivees`).
 */
export const isNotificationOptIn = (type: string): boolean => (ALERTE_GPS_KEYS as string[]).includes(type);

const zAlertes = (label: string) =>
  z
    .array(
      z.enum(ALERTE_GPS_KEYS as [AlerteGps, ...AlerteGps[]], {
        error: 'Cette alerte GPS n’existe pas.',
      }),
      { error: `${label} est une liste d’alertes GPS.` },
    )
    .optional();

export const NotificationPreferencesBody = z.object({
  desactivees: z.array(
    z.enum(NOTIFICATION_TYPE_KEYS as [NotificationType, ...NotificationType[]], {
      error: 'Ce type de notification n’existe pas.',
    }),
    { error: 'La liste des notifications désactivées est obligatoire.' },
  ),
  /** The GPS alerts received in the application (absent: unchanged). */
  alertes_app: zAlertes('Les alertes dans l’application'),
  /** The GPS alerts received by e-mail (absent: unchanged). */
  alertes_email: zAlertes('Les alertes par e-mail'),
});
export type NotificationPreferencesBody = z.input<typeof NotificationPreferencesBody>;

export const NotificationPreferencesOut = z.object({
  /** The kinds received unless turned off (the GPS alerts are in `alertes`). */
  types: z.array(z.object({ type: z.string(), libelle: z.string(), actif: z.boolean() })),
  /** Each GPS alert: received in the application, by e-mail (both off until chosen). */
  alertes: z.array(z.object({ type: z.string(), libelle: z.string(), app: z.boolean(), email: z.boolean() })),
});
export type NotificationPreferencesOut = z.infer<typeof NotificationPreferencesOut>;
