/** French labels of the fields of 'Mon compte' (one dictionary for details and form). */
export const ACCOUNT_LABELS = {
  name: 'Identifiant',
  nom: 'Nom / Raison sociale',
  prenom: 'Prénom',
  email: 'Email',
  telephone1: 'Téléphone',
  telephone2: 'Téléphone 2',
  adresse: 'Adresse',
  bp: 'Boîte postale',
  type: 'Type de compte',
  created_at: 'Inscrit le',
  current_password: 'Mot de passe actuel',
  password: 'Nouveau mot de passe',
  password_confirmation: 'Confirmation du mot de passe',
} as const;
