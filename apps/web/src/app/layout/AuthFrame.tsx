import type { ReactNode } from 'react';
import { Brand } from '../../components/Brand';
import { AppFooter } from './AppFooter';

/**
 * Login, forgot password, verification and reset: one centred card. Without the router (the sign-in page's
 * light start shows it before react-router is loaded); `AuthLayout` puts the routed screen in it.
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '32px 16px 0',
        background: 'linear-gradient(160deg, #e8eef6 0%, #f3f5f8 55%, #eef2f7 100%)',
      }}
    >
      <main
        style={{
          width: '100%',
          maxWidth: 420,
          flex: '1 0 auto',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
      >
        <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 20 }}>
          <Brand />
        </div>
        {/* antd's Card look without its code (Card brings Tabs and Skeleton onto the sign-in page). */}
        <div
          style={{
            background: '#fff',
            border: '1px solid #f0f0f0',
            borderRadius: 8,
            padding: '28px 24px',
            boxShadow: '0 8px 24px rgba(16, 35, 58, 0.08)',
          }}
        >
          {children}
        </div>
      </main>
      <AppFooter />
    </div>
  );
}
