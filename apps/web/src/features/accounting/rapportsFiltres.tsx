import { JOURNAL_ENTREPRISE } from '@yams/shared';
import { Alert } from 'antd';
import { SourceSelect } from '../../components/form/SourceSelect';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { TENANT_LABEL } from '../../components/list/tenant';
import type { ReportFilterDecl } from '../../components/report/types';
import { clientSource } from '../operations/operationsFields';

// The filters the accountant's reports share: the superadmin's company (the books are kept per company),
// a client.

/** The superadmin's company, required, kept on « Réinitialiser »; none for a company. */
export const filtreEntreprise = (superadmin: boolean): ReportFilterDecl[] =>
  superadmin
    ? [
        {
          name: 'entreprise',
          label: TENANT_LABEL,
          required: JOURNAL_ENTREPRISE,
          input: <EntrepriseSelect />,
          keep: true,
        },
      ]
    : [];

export const filtreClient: ReportFilterDecl = {
  name: 'client',
  label: 'Client',
  // Full width on a phone (one field a line), never narrower than a name on a desktop.
  input: (
    <SourceSelect
      source={clientSource}
      allowClear
      placeholder="Tous"
      style={{ width: '100%', minWidth: 220 }}
    />
  ),
};

/** Before the first « Charger » of a superadmin: the books are per company. */
export const avantEntreprise = (superadmin: boolean) =>
  superadmin ? <Alert type="info" showIcon message={JOURNAL_ENTREPRISE} /> : undefined;
