import { utilisateursContract } from '@yams/shared';
import { createResource } from '../../components/list/resource';

/** `/api/utilisateurs`: Ressources Humaines and Clients (type=client) share it, so both lists refresh together. */
export const utilisateurs = createResource('utilisateurs', utilisateursContract);
