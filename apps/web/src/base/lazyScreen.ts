import { CHUNK_LOAD_TIMEOUT_MS } from '@yams/shared';
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

/** A screen's code could not be fetched (new deployment, network cut) or took longer than 120 s. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

// biome-ignore lint/complexity/noBannedTypes: React's own default props type (ComponentType's `P = {}`).
export type Screen<P extends object = {}> = (LazyExoticComponent<ComponentType<P>> | ComponentType<P>) & {
  /** Fetches the screen's code now (ignored if it fails: the visit will retry and report it). */
  preload(): void;
};

/** A route's screen, loaded on first visit; any failure becomes a ChunkLoadError for the error boundary. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): Screen;
/** A lazily loaded component that takes props (AntdRoot's children). */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Screen<P>;
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Screen<P> {
  const screen = lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(err));
          },
        );
      }),
  ) as Screen<P>;
  // The module system caches the import, so the later visit gets the very same module.
  screen.preload = () => void load().catch(() => undefined);
  return screen;
}

/**
 * A screen bundled with the app's entry: the sign-in page, the first page of most visits, shows without
 * one more round trip for its code.
 */
export function eagerScreen(component: ComponentType): Screen {
  const screen: ComponentType = (props) => createElement(component, props);
  return Object.assign(screen, { preload: () => undefined });
}
