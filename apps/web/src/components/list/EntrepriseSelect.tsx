import { SourceSelect, type SourceSelectProps } from '../form/SourceSelect';
import { entrepriseSource, TENANT_LABEL } from './tenant';

/**
 * The superadmin's company picker outside a list declaration (a report's filter, a hand-written form): the
 * same companies, label and server search as the kit's 'Entreprise' filter and creation field (`tenant.ts`).
 */
export function EntrepriseSelect(props: Omit<SourceSelectProps, 'source'>) {
  return (
    <SourceSelect
      aria-label={TENANT_LABEL}
      placeholder="Choisir une entreprise"
      style={{ width: 220 }}
      {...props}
      source={entrepriseSource}
    />
  );
}
