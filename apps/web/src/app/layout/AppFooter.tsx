import { APP_NAME, APP_VERSION } from '@yams/shared';

export function AppFooter() {
  return (
    <footer style={{ textAlign: 'center', color: '#6b7280', fontSize: 13, padding: '16px 12px' }}>
      © {new Date().getFullYear()} {APP_NAME} — version {APP_VERSION}
    </footer>
  );
}
