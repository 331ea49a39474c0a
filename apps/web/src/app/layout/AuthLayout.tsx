import { ScreenOutlet } from '../../components/ScreenOutlet';
import { AuthFrame } from './AuthFrame';

/** The auth screens' routes: the centred card with the current screen. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <ScreenOutlet />
    </AuthFrame>
  );
}
