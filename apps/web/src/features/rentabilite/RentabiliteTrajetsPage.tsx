import { ReportScreen } from '../../components/report/ReportScreen';
import { RENTABILITE_TRAJETS } from './groupes';

export default function RentabiliteTrajetsPage() {
  return <ReportScreen decl={RENTABILITE_TRAJETS} heading={false} />;
}
