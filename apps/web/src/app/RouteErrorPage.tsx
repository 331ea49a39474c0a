import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../base/lazyScreen';
import { ReloadResult } from '../components/ScreenBoundary';

/** Last resort for an error outside any screen boundary. */
export default function RouteErrorPage() {
  const error = useRouteError();
  return (
    <div style={{ padding: 24 }}>
      <ReloadResult chunk={error instanceof ChunkLoadError} />
    </div>
  );
}
