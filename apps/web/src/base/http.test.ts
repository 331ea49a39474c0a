import { MSG, RETRY_DELAY_MS } from '@yams/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./toast', () => ({
  toast: {
    success: vi.fn(),
    oups: vi.fn(),
    retrying: vi.fn(),
    connectionFailure: vi.fn(),
    offline: vi.fn(),
    localLogout: vi.fn(),
    staggered: vi.fn(),
  },
}));
vi.mock('./session', () => ({ getSession: vi.fn(() => ({ token: 'jeton-123' })), clearSession: vi.fn() }));

const { ApiError, buildUrl, http } = await import('./http');
const { toast } = await import('./toast');
const { clearSession } = await import('./session');

const envelope = (status: number, body: object) =>
  new Response(JSON.stringify({ message: null, data: null, errors: [], ...body }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let online = true;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  online = true;
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.clearAllMocks();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http', () => {
  it('sends the bearer token and a JSON body, and returns the envelope', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(200, { success: true, data: { id: 1 }, message: 'Enregistré.' }),
    );
    const answer = await http.post<{ id: number }>(
      '/api/me/update',
      { nom: 'Ndong' },
      { successToast: true },
    );
    expect(answer.data).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/update');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"nom":"Ndong"}');
    expect(init?.headers).toHaveProperty('Authorization', 'Bearer jeton-123');
    expect(toast.success).toHaveBeenCalledWith('Enregistré.');
  });

  it('shows every error as an « Oups ! » warning for 7 s, or only the first for 5 s when asked', async () => {
    fetchMock.mockImplementation(async () =>
      envelope(422, { success: false, errors: ['Erreur A', 'Erreur B'] }),
    );
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(toast.oups).toHaveBeenLastCalledWith(['Erreur A', 'Erreur B'], 'warning', 7);
    await expect(http.post('/api/login', {}, { errors: 'first' })).rejects.toThrow('Erreur A');
    expect(toast.oups).toHaveBeenLastCalledWith(['Erreur A'], 'warning', 5);
  });

  it('keeps the field errors of a 422 answer', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(422, {
        success: false,
        errors: ['Email déjà pris.'],
        data: { fields: { email: 'Email déjà pris.' } },
      }),
    );
    const error = await http.post('/api/me/update', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, fields: { email: 'Email déjà pris.' } });
  });

  it('ends the session on a 401, except on the login call', async () => {
    fetchMock.mockImplementation(async () =>
      envelope(401, { success: false, errors: ['Vous devez vous connecter.'] }),
    );
    await expect(http.get('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(clearSession).toHaveBeenCalledTimes(1);
    await expect(http.post('/api/login', {}, { keepSessionOn401: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(clearSession).toHaveBeenCalledTimes(1);
  });

  it('refuses to send anything while offline', async () => {
    online = false;
    await expect(http.get('/api/me')).rejects.toMatchObject({ kind: 'offline', message: MSG.offlineReject });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toast.offline).toHaveBeenCalled();
  });

  it('retries a network failure once after 2 s, with a warning', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(envelope(200, { success: true, data: 3 }));
    const pending = http.get<number>('/api/notifications');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast.retrying).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).data).toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast.connectionFailure).not.toHaveBeenCalled();
  });

  it('reports a connection failure when the retry fails too', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const pending = http.get('/api/me').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await pending).toMatchObject({ kind: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast.connectionFailure).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for background polls', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/api/messages', { background: true })).rejects.toMatchObject({ kind: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast.retrying).not.toHaveBeenCalled();
    expect(toast.connectionFailure).not.toHaveBeenCalled();
  });
});

describe('buildUrl', () => {
  it('sends only non-empty filters', () => {
    expect(
      buildUrl('/api/utilisateurs', { type: 'client', sous_type: '', page: 2, q: null, x: undefined }),
    ).toBe('/api/utilisateurs?type=client&page=2');
    expect(buildUrl('/api/me')).toBe('/api/me');
  });
});
