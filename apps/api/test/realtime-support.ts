import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

/** Listens on a free port of 127.0.0.1 and returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
}

/** A browser tab's socket: connected, then subscribed to `presence-app` through `/broadcasting/auth`. */
export async function openTab(
  base: string,
  token: string,
  /** Who authorises the subscription: an app (inject) or a node's base URL (HTTP, another process). */
  authApp: FastifyInstance | string,
  options: { presence?: boolean } = {},
): Promise<Socket> {
  const socket = io(base, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (options.presence !== false) {
    const payload = { socket_id: socket.id, channel_name: 'presence-app' };
    const headers = { authorization: `Bearer ${token}` };
    const res =
      typeof authApp === 'string'
        ? await fetch(`${authApp}/broadcasting/auth`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(payload),
          }).then(async (r) => ({ statusCode: r.status, body: await r.text() }))
        : await authApp.inject({ method: 'POST', url: '/broadcasting/auth', headers, payload });
    if (res.statusCode !== 200) throw new Error(`broadcasting/auth: ${res.body}`);
  }
  return socket;
}

/** Resolves with the message of the refused connection. */
export function connectError(base: string, options: Parameters<typeof io>[1]): Promise<string> {
  const socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true, ...options });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.close();
      reject(new Error('connecté alors qu’il devait être refusé'));
    });
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

/** Waits until `check` holds (polling), or fails with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > end)
      throw new Error(`condition jamais remplie, dernière valeur : ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

export function waitFor<T = unknown>(socket: Socket, event: string, ms = 8000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`« ${event} » jamais reçu`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
