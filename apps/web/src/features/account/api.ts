import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EndpointPartIn,
  meEndpoint,
  type UpdateMeBody,
  type UserOut,
  updateMeEndpoint,
} from '@yams/shared';
import { call } from '../../base/http';
import { updateSessionUser } from '../../base/session';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

/** GET /api/me; the stored session follows the fresh user (name, verification). */
export async function fetchMe(signal?: AbortSignal): Promise<UserOut> {
  const { data } = await call(meEndpoint, {}, { signal });
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

type UpdateMeBodyIn = EndpointPartIn<typeof updateMeEndpoint, 'body'>;

/** The fields of 'Mon compte' as the form holds them (strings, possibly empty). */
export type UpdateMeInput = { [K in keyof UpdateMeBody]?: string | null };

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form's strings as they are: the API's UpdateMeBody cleans them (blank is no change).
    mutationFn: async (body: UpdateMeInput) =>
      (await call(updateMeEndpoint, { body: body as UpdateMeBodyIn }, { successToast: true })).data,
    onSuccess: (user) => {
      queryClient.setQueryData(accountKeys.me(), user);
      updateSessionUser(user);
    },
  });
}
