import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateMeBody, UserOut } from '@yams/shared';
import { http } from '../../base/http';
import { updateSessionUser } from '../../base/session';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

/** GET /api/me; the stored session follows the fresh user (name, verification). */
export async function fetchMe(signal?: AbortSignal): Promise<UserOut> {
  const { data } = await http.get<UserOut>('/api/me', { signal });
  return data;
}

export function useMe() {
  return useQuery({
    queryKey: accountKeys.me(),
    queryFn: async ({ signal }) => {
      const user = await fetchMe(signal);
      updateSessionUser(user);
      return user;
    },
  });
}

/** The fields of 'Mon compte' as the form holds them (strings, possibly empty). */
export type UpdateMeInput = { [K in keyof UpdateMeBody]?: string | null };

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateMeInput) =>
      (await http.post<UserOut>('/api/me/update', body, { successToast: true })).data,
    onSuccess: (user) => {
      queryClient.setQueryData(accountKeys.me(), user);
      updateSessionUser(user);
    },
  });
}
