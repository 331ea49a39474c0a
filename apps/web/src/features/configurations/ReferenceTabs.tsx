import type { ReferenceTable } from '@yams/shared';
import { Alert, Tabs } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { ListScreen } from '../../components/list/ListScreen';
import { referenceDecl } from './referenceDecls';

/**
 * The sub-tabs of one Configurations tab, each a reference table on the list kit. The URL hash names the
 * open one (`/configurations/interventions#fournisseurs`), so a link or a reload opens it.
 */
export function ReferenceTabs({ tables }: { tables: ReferenceTable[] }) {
  const session = useSession();
  const superadmin = session?.user.type === 'superadmin';
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = tables.find((t) => hash.includes(t)) ?? tables[0]!;
  const decls = useMemo(
    () => Object.fromEntries(tables.map((t) => [t, referenceDecl(t, superadmin)])),
    [tables, superadmin],
  );
  const readOnly = !decls[active]!.form;
  return (
    <Tabs
      activeKey={active}
      destroyOnHidden
      onChange={(key) => navigate(`${pathname}${search}#${key}`, { replace: true })}
      items={tables.map((t) => ({
        key: t,
        label: decls[t]!.title,
        children:
          t === active ? (
            <>
              {readOnly && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  message="Table de la plateforme : seuls les superadministrateurs la modifient."
                />
              )}
              <ListScreen key={t} decl={decls[t]!} />
            </>
          ) : null,
      }))}
    />
  );
}
