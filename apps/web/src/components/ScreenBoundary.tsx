import { MSG } from '@yams/shared';
import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '../base/lazyScreen';
import { LightButton } from './light/light';
import { StatusNotice } from './StatusNotice';

interface Props {
  children: ReactNode;
  /** A new value (the path) clears a previous error, so navigating away recovers. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches a screen that failed to load or to render, and offers to reload the app. */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ReloadResult chunk={this.state.error instanceof ChunkLoadError} />;
  }
}

export function ReloadResult({ chunk }: { chunk: boolean }) {
  return (
    <StatusNotice
      title={chunk ? MSG.chunkLoadFailed : MSG.serverError}
      extra={
        <LightButton primary onClick={() => window.location.reload()}>
          Recharger
        </LightButton>
      }
    />
  );
}
