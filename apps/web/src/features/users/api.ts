import type { UserOut } from '@yams/shared';
import { createResource } from '../../components/list/resource';

/** `/api/utilisateurs`: Ressources Humaines and Clients (type=client) share it, so both lists refresh together. */
export const utilisateurs = createResource<UserOut>('utilisateurs', '/api/utilisateurs');

/** Actions on an account (POST, the server's message is toasted). */
export const userPaths = {
  disable: (u: { id: number }) => `/api/utilisateurs/${u.id}/disable`,
  activate: (u: { id: number }) => `/api/utilisateurs/${u.id}/activate`,
};
