import type { ReferenceTable } from '@yams/shared';
import { Alert, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../base/session';
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
  // The list kit rewrites the query string (filters) without the hash: the open tab is kept in state too.
  // The longest name the hash contains: '#types_articles' also contains 'articles'.
  const fromHash = tables.filter((t) => hash.includes(t)).sort((a, b) => b.length - a.length)[0];
  const [chosen, setChosen] = useState<ReferenceTable>(fromHash ?? tables[0]!);
  useEffect(() => {
    if (fromHash) setChosen(fromHash);
  }, [fromHash]);
  const active = chosen;
  const decls = useMemo(
    () => Object.fromEntries(tables.map((t) => [t, referenceDecl(t, superadmin)])),
    [tables, superadmin],
  );
  const readOnly = !decls[active]!.form;
  return (
    <Tabs
      activeKey={active}
      destroyOnHidden
      onChange={(key) => {
        setChosen(key as ReferenceTable);
        navigate(`${pathname}${search}#${key}`, { replace: true });
      }}
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
