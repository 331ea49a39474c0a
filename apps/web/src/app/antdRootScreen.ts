import type { ReactNode } from 'react';
import { lazyScreen } from '../base/lazyScreen';

/**
 * antd's providers (AntdRoot.tsx), loaded on demand like a screen: every page but the sign-in page is
 * wrapped in it (router.tsx). Fetched with the signed-in layout and while the password is typed.
 */
export const AntdRootScreen = lazyScreen<{ children: ReactNode }>(() => import('./AntdRoot'));

/**
 * The screens shown without antd (components/light), before its code has arrived: the sign-in page, the
 * first page of most visits. Every other screen is wrapped in AntdRoot, which loads with it.
 */
export const LIGHT_SCREENS: ReadonlySet<string> = new Set(['login']);
