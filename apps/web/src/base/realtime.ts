import { broadcastingAuthEndpoint, meEndpoint, PRESENCE_CHANNEL, REALTIME_EVENTS } from '@yams/shared';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { call } from './http';
import { queryClient } from './queryClient';

/**
 * The tab's one realtime connection (Socket.IO), opened after sign-in. socket.io-client is loaded on
 * demand, so the login page does not pay for it. It reconnects by itself and says nothing during a short
 * drop; after each (re)connection the tab re-joins `presence-app` through `/broadcasting/auth` and the
 * live data is refreshed, since events may have been missed meanwhile.
 */

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
let socket: Socket | null = null;
let currentToken: string | null = null;

/** What every reconnection refreshes: the lists and counts that live events keep current. */
export const LIVE_QUERY_ROOTS: string[][] = [];

export async function connectRealtime(token: string): Promise<void> {
  if (currentToken === token && socket) return;
  disconnectRealtime();
  currentToken = token;
  const { io } = await import('socket.io-client');
  if (currentToken !== token) return; // Signed out (or in again) while the library loaded.
  const s = io({ auth: { token }, reconnectionDelayMax: 10_000 });
  socket = s;
  let connectedOnce = false;
  s.on('connect', () => {
    void call(
      broadcastingAuthEndpoint,
      { body: { socket_id: s.id ?? '', channel_name: PRESENCE_CHANNEL } },
      { background: true, errors: 'none' },
    )
      // Joined: what counts connected users is read again here, since this tab's own arrival may have
      // been counted (or broadcast) before the screen showing it listened.
      .then(() => {
        for (const handler of handlers.get(REALTIME_EVENTS.presence) ?? []) handler(null);
      })
      .catch(() => undefined);
    if (connectedOnce)
      for (const root of LIVE_QUERY_ROOTS) void queryClient.invalidateQueries({ queryKey: root });
    connectedOnce = true;
  });
  s.on('disconnect', (reason) => {
    // The server dropped us (token revoked, account blocked): ask the API who we are; a 401 there ends the
    // session through the HTTP client. Still valid (a deployment): connect again.
    if (reason === 'io server disconnect') void checkSessionThenReconnect(s);
  });
  s.on('connect_error', () => {
    // Refused by the server (no automatic retry then): same check. Network errors retry by themselves.
    if (!s.active) void checkSessionThenReconnect(s);
  });
  s.onAny((event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  });
}

async function checkSessionThenReconnect(s: Socket) {
  try {
    await call(meEndpoint, {}, { background: true });
  } catch {
    return;
  }
  if (socket === s) setTimeout(() => socket === s && s.connect(), 2000);
}

export function disconnectRealtime(): void {
  currentToken = null;
  socket?.close();
  socket = null;
}

export function onRealtime(event: string, handler: Handler): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  handlers.set(event, set);
  set.add(handler);
  return () => set.delete(handler);
}

/** Runs `handler` for each `event` pushed by the server while the component is mounted. */
export function useRealtimeEvent<T = unknown>(event: string, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onRealtime(event, (p) => ref.current(p as T)), [event]);
}

/** Invalidates these queries whenever `event` arrives (and after each reconnection). */
export function useLiveQueries(event: string, roots: string[][]): void {
  useEffect(() => {
    for (const r of roots) if (!LIVE_QUERY_ROOTS.some((x) => x.join() === r.join())) LIVE_QUERY_ROOTS.push(r);
  }, [roots]);
  useRealtimeEvent(event, () => {
    for (const root of roots) void queryClient.invalidateQueries({ queryKey: root });
  });
}
