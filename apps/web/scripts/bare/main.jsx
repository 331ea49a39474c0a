// The bare page the sign-in page is measured against (scripts/lcp.mjs --bare): one component rendered by
// react-dom/client, built by the same Vite, served with the same compression. Its weight and LCP are
// the yardstick of the sign-in page's budget (sign-in ≤ 2.5 × its JS, ≤ 1.5 × its LCP).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  return (
    <main style={{ fontFamily: 'sans-serif', maxWidth: 420, margin: '80px auto', padding: 16 }}>
      <h1>Connexion</h1>
      <p>Accédez à votre espace de gestion.</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
