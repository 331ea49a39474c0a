/**
 * Navigation without the router's code. The sign-in page opens before react-router is loaded (main.tsx: the
 * light start); it moves on through `navigate`, which the full app points at its router once it runs. Until
 * then, `navigate` loads the full app at the new address.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator = (to) => window.location.assign(to);

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigate(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}

/**
 * The state the current history entry was given (`navigate(to, { state })`). React Router keeps it under
 * `usr` in `history.state`; the light start writes it the same way, so both read it here.
 */
export function historyState<T>(): T | null {
  return ((window.history.state as { usr?: T } | null)?.usr ?? null) as T | null;
}

/** Puts `to` in the address bar with its state, in React Router's format (it takes over from there). */
export function writeHistory(to: string, options?: NavigateOptions): void {
  const entry = { usr: options?.state ?? null, key: 'default' };
  if (options?.replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
}
