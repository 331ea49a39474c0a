import {
  type EndpointContract,
  type EndpointPartIn,
  type EndpointPartOut,
  type EndpointResponse,
  type Envelope,
  endpointPath,
  type FichierEnvoye,
  MSG,
  REQUEST_TIMEOUT_MS,
  RETRY_DELAY_MS,
  TOAST,
} from '@yams/shared';
import { clearSession, getSession } from './session';
import { type ErrorToastType, toast } from './toast';

/**
 * The one HTTP client of the app (the specification): bearer token, 30 s timeout, one retry of a
 * network failure, the error catalogue's toasts, and the end of the session on a 401.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  /** How a `success: false` answer is shown: every error (default), the first one only, or not at all. */
  errors?: 'all' | 'first' | 'none';
  errorType?: ErrorToastType;
  /** Seconds; 7 s for every error, 5 s when only the first is shown. */
  errorDuration?: number;
  /** Show the server's message as a success toast (3 s). */
  successToast?: boolean;
  /** A background poll: no toast and no retry; a 401 still ends the session. */
  background?: boolean;
  /** The login call: a 401 there is an answer about the credentials, not an expired session. */
  keepSessionOn401?: boolean;
  /** Retry a network failure once after 2 s (default: true, and only for requests the server never saw). */
  retry?: boolean;
  /**
   * The version of the row the edit was based on (its `updated_at`), sent as `If-Match`: a row changed
   * meanwhile answers 409, which the caller shows (`isVersionConflict`), not a toast.
   */
  ifMatch?: string;
}

export type ApiErrorKind = 'offline' | 'network' | 'timeout' | 'http';

/** The 409 of an update sent with `ifMatch`: the row was changed by someone else since it was read. */
export const isVersionConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly errors: string[],
    readonly status: number | null = null,
    /** 422 answers name the fields: `{ email: 'Cette adresse email est déjà utilisée.' }`. */
    readonly fields: Record<string, string> = {},
  ) {
    super(errors[0] ?? MSG.serverError);
    this.name = 'ApiError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      // Only non-empty values are sent (the specification, filters).
      if (value === undefined || value === null || value === '') continue;
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** One attempt; throws ApiError('network' | 'timeout') when no answer came back. */
async function attempt(method: string, url: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.ifMatch) headers['If-Match'] = `"${options.ifMatch}"`;
  // A FormData (a file upload) sets its own multipart Content-Type, with its boundary.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';

  try {
    return await fetch(url, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : form
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err; // Cancelled by the caller: not a failure to report.
    throw new ApiError(timedOut ? 'timeout' : 'network', [MSG.connectionError]);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (body && typeof body === 'object' && 'success' in body) {
    const envelope = body as Envelope<T>;
    return { ...envelope, errors: Array.isArray(envelope.errors) ? envelope.errors : [] };
  }
  if (response.ok) return { success: true, message: null, data: body as T, errors: [] };
  return { success: false, message: null, data: null as T, errors: [] };
}

function fieldsOf(data: unknown): Record<string, string> {
  if (data && typeof data === 'object' && 'fields' in data) {
    const fields = (data as { fields: unknown }).fields;
    if (fields && typeof fields === 'object') return fields as Record<string, string>;
  }
  return {};
}

function showSuccess(envelope: Envelope<unknown>, errorDuration?: number) {
  if (typeof envelope.message === 'string' && envelope.message) toast.success(envelope.message);
  // A group action's refused lines stay as long as this call's errors would (an invoice's deletion: 20 s).
  else if (Array.isArray(envelope.message)) toast.staggered(envelope.message, errorDuration);
}

export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const quiet = options.background === true;
  const url = buildUrl(path, options.query);

  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    if (!quiet) toast.offline();
    throw new ApiError('offline', [MSG.offlineReject]);
  }

  let response: Response;
  try {
    response = await attempt(method, url, options);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // A POST that timed out may have reached the server: only a request it never saw is sent again.
    const retriable = options.retry !== false && !quiet && (method === 'GET' || err.kind === 'network');
    if (!retriable) {
      if (!quiet) toast.connectionFailure();
      throw err;
    }
    toast.retrying();
    await sleep(RETRY_DELAY_MS);
    if (navigator.onLine === false) {
      toast.offline();
      throw new ApiError('offline', [MSG.offlineReject]);
    }
    try {
      response = await attempt(method, url, options);
    } catch (retryErr) {
      if (retryErr instanceof ApiError) toast.connectionFailure();
      throw retryErr;
    }
  }

  const envelope = await readEnvelope<T>(response);
  if (response.ok && envelope.success) {
    if (options.successToast) showSuccess(envelope, options.errorDuration);
    return envelope;
  }

  const errors = envelope.errors.length ? envelope.errors : [MSG.serverError];
  const error = new ApiError('http', errors, response.status, fieldsOf(envelope.data));
  if (response.status === 401 && !options.keepSessionOn401) {
    clearSession(); // The guards send the user back to /se-connecter.
    if (!quiet) toast.oups(errors.slice(0, 1), 'warning', TOAST.firstErrorOnly);
    throw error;
  }
  // An edit based on an older version: the form shows it in a dialog, with what to do (reload).
  const conflict = response.status === 409 && options.ifMatch !== undefined;
  if (!quiet && !conflict && options.errors !== 'none') {
    const first = options.errors === 'first';
    toast.oups(
      first ? errors.slice(0, 1) : errors,
      options.errorType ?? 'warning',
      options.errorDuration ?? (first ? TOAST.firstErrorOnly : TOAST.warning),
    );
  }
  throw error;
}

/**
 * Requests on a path the caller has from a contract (a resource's `contract.path`); a screen calls an
 * endpoint with `call`, below, never with a path of its own (`apiPaths.test.ts`).
 */
export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
};

/** A multipart body as the browser sends it: each file field (`zFichierEnvoye`) a Blob, or a File. */
type Uploaded<T> = { [K in keyof T]: NonNullable<T[K]> extends FichierEnvoye ? Blob : T[K] };

/** What `call` sends: the endpoint's params, query and body, each as its contract names it. */
export type CallInput<E extends EndpointContract> = {
  params?: EndpointPartIn<E, 'params'>;
  query?: { [K in keyof EndpointPartOut<E, 'query'>]?: QueryValue | QueryValue[] };
  body?: E extends { multipart: true } ? Uploaded<EndpointPartIn<E, 'body'>> : EndpointPartIn<E, 'body'>;
};

/** The body of an upload endpoint as a form: a file under its field's name (and its own name), the rest as text. */
function formOf(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else form.append(name, String(value));
  }
  return form;
}

/**
 * A call to an endpoint of the API named by its contract (packages/shared `endpoints.ts`): its method and
 * path from the contract, its params, query and body typed, its answer typed:
 *
 *   const { data } = await call(traceEndpoint, { params: { id }, query: { date_debut } }, { signal });
 */
export function call<E extends EndpointContract>(
  endpoint: E,
  input: CallInput<E> = {},
  options: Omit<RequestOptions, 'query' | 'body'> = {},
): Promise<Envelope<EndpointResponse<E>>> {
  const path = endpointPath(endpoint, input.params as Record<string, unknown> | undefined);
  return request<EndpointResponse<E>>(endpoint.method, path, {
    ...options,
    query: input.query as Query | undefined,
    ...(endpoint.method === 'POST'
      ? { body: endpoint.multipart ? formOf(input.body) : (input.body ?? {}) }
      : {}),
  });
}

/**
 * A file endpoint's answer (a contract without `response`: an image, a PDF) fetched with the session's token,
 * since a plain link or `<img src>` cannot send it: the file as a Blob, or null when the API refused it.
 */
export async function fetchFile<E extends EndpointContract>(
  endpoint: E & { response?: undefined },
  input: Pick<CallInput<E>, 'params' | 'query'> = {},
  signal?: AbortSignal,
): Promise<Blob | null> {
  const path = endpointPath(endpoint, input.params as Record<string, unknown> | undefined);
  const token = getSession()?.token;
  const res = await fetch(buildUrl(path, input.query as Query | undefined), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  return res.ok ? res.blob() : null;
}
