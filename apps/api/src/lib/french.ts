// French sentences about an entity, with the right article and agreement: « Cette ville n'existe pas. »,
// « L'article a été ajouté. », « Ce garage est utilisé par 2 interventions : il ne peut pas être supprimé. ».

export interface Nom {
  genre: 'm' | 'f';
  /** Lower case, singular: 'ville', 'type de marchandise', 'article'. */
  nom: string;
}

const elided = (n: Nom) => /^[aeiouyàâäéèêëîïôöûüh]/i.test(n.nom);
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** « la ville », « le garage », « l'article ». */
export const le = (n: Nom) => (elided(n) ? `l'${n.nom}` : `${n.genre === 'f' ? 'la' : 'le'} ${n.nom}`);
/** « cette ville », « ce garage », « cet article ». */
export const ce = (n: Nom) => `${n.genre === 'f' ? 'cette' : elided(n) ? 'cet' : 'ce'} ${n.nom}`;
export const pronom = (genre: Nom['genre']) => (genre === 'f' ? 'elle' : 'il');
/** « ajouté » → « ajoutée » for a feminine noun. */
export const accord = (genre: Nom['genre'], participe: string) =>
  genre === 'f' ? `${participe}e` : participe;

/** The four sentences of a CRUD. */
export function crudMessages(n: Nom) {
  return {
    created: `${capitalise(le(n))} a été ${accord(n.genre, 'ajouté')}.`,
    updated: `${capitalise(le(n))} a été ${accord(n.genre, 'modifié')}.`,
    deleted: `${capitalise(le(n))} a été ${accord(n.genre, 'supprimé')}.`,
    notFound: `${capitalise(ce(n))} n'existe pas.`,
  };
}

/** « 2 garages et 1 fournisseur ». */
export function enumeration(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}`;
}
