import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useRouteTitle } from '../app/RootShell';
import { PageTitle } from './PageTitle';

/** A screen that a later version brings: its title and a short notice. */
export function PlaceholderPage({ title, nested = false }: { title?: string; nested?: boolean }) {
  const routeTitle = useRouteTitle();
  const heading = title ?? routeTitle ?? '';
  const notice = (
    <Card>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <ClockCircleOutlined aria-hidden style={{ fontSize: 22, color: '#8c98a8' }} />
        <Typography.Text type="secondary">Bientôt disponible</Typography.Text>
      </div>
    </Card>
  );
  // Inside a parent screen with tabs, the selected tab already names it.
  if (nested) return <section aria-label={heading}>{notice}</section>;
  return (
    <section>
      <PageTitle title={heading} />
      {notice}
    </section>
  );
}
