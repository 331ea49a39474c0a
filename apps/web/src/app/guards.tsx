import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PATHS, returnPath as returnPathNow } from '../base/paths';
import { isVerified, useSession } from '../base/session';

/** Every screen of the back-office: a verified session, else login (or verification). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={PATHS.login} replace state={from === PATHS.accueil ? null : { from }} />;
  }
  if (!isVerified(session)) return <Navigate to={PATHS['account.verify']} replace />;
  return children;
}

/** Login and forgot password: a signed-in user has nothing to do there. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const returnPath = returnPathNow();
  if (session && !isVerified(session)) return <Navigate to={PATHS['account.verify']} replace />;
  if (session) return <Navigate to={returnPath} replace />;
  return children;
}

/** The verification page needs the signed-in, not yet verified account. */
export function VerifyOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to={PATHS.login} replace />;
  if (isVerified(session)) return <Navigate to={PATHS.accueil} replace />;
  return children;
}
