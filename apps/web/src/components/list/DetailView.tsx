import { Descriptions, Divider, Tabs } from 'antd';
import { useIsMobile } from '../useIsMobile';
import { displayNode } from './DisplayValue';
import { detailFields } from './fields';
import { HistoryTab, historyEndpoint } from './History';
import type { DisplayField, ListDecl, Row, SectionContext } from './types';
import { fieldLabel } from './values';

/**
 * The details mode: every field with its French label, then the declared sections; beside them an
 * 'Historique' tab when the API audits the resource (unless the declaration says `history: false`).
 */
export function DetailView<T extends Row>({
  decl,
  row,
  ctx,
}: {
  decl: ListDecl<T>;
  row: T;
  ctx: SectionContext;
}) {
  const fields = detailFields(decl);
  const isMobile = useIsMobile();
  const history = decl.detail.history === false ? null : historyEndpoint(decl.resource.path);
  const details = (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 1, xl: 1, xxl: 2 }}
        styles={{ label: { width: isMobile ? 110 : 160 } }}
        items={fields.map((field) => ({
          key: field.key,
          label: fieldLabel(field, decl.labels),
          children: displayNode(field, row),
        }))}
      />
      {decl.detail.sections
        ?.filter((section) => !section.visible || section.visible(row))
        .map((section) => (
          <section key={section.key} aria-label={section.title}>
            {section.title && (
              <Divider titlePlacement="start" style={{ marginTop: 24 }}>
                {section.title}
              </Divider>
            )}
            {section.render(row, ctx)}
          </section>
        ))}
    </>
  );
  if (!history) return details;
  return (
    <Tabs
      size="small"
      items={[
        { key: 'details', label: 'Détails', children: details },
        {
          key: 'historique',
          label: 'Historique',
          children: (
            <HistoryTab
              endpoint={history}
              id={row.id}
              queryKey={[...decl.resource.keys.detail(row.id), 'historique']}
              labels={decl.labels}
              columns={decl.fields as DisplayField<Row>[]}
            />
          ),
        },
      ]}
    />
  );
}
