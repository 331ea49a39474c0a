import { CHUNK_LOAD_TIMEOUT_MS } from '@yams/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A screen's code could not be fetched (new deployment, network cut) or took longer than 120 s. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

export type Screen = LazyExoticComponent<ComponentType> & {
  /** Fetches the screen's code now (ignored if it fails: the visit will retry and report it). */
  preload(): void;
};

/** A route's screen, loaded on first visit; any failure becomes a ChunkLoadError for the error boundary. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): Screen {
  const screen = lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
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
  ) as Screen;
  // The module system caches the import, so the later visit gets the very same module.
  screen.preload = () => void load().catch(() => undefined);
  return screen;
}
