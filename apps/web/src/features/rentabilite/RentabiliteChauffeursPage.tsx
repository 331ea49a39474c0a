import { ReportScreen } from '../../components/report/ReportScreen';
import { RENTABILITE_CHAUFFEURS } from './groupes';

export default function RentabiliteChauffeursPage() {
  return <ReportScreen decl={RENTABILITE_CHAUFFEURS} heading={false} />;
}
