import { RouterProvider } from 'react-router';
import { setNavigator } from '../base/nav';
import { Providers } from './providers';
import { createAppRouter } from './router';

let router: ReturnType<typeof createAppRouter> | undefined;

/** The router, made once, when the full app first renders: it reads the address then. */
function appRouter() {
  if (!router) {
    const made = createAppRouter();
    setNavigator((to, options) => void made.navigate(to, options));
    router = made;
  }
  return router;
}

/**
 * The whole app: the router, the query cache and every screen on demand (main.tsx loads it at once, or after
 * the light sign-in page of a signed-out visit, which moves on through `base/nav`, pointed here at the router).
 */
export default function App() {
  return (
    <Providers>
      <RouterProvider router={appRouter()} />
    </Providers>
  );
}
