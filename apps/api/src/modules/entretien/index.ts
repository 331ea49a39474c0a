import type { ApiModule } from '../module';
import routes from './entretien.routes';
import { seedEntretien } from './entretien.seed';

/** Maintenance plans (table in fleet, beside the interventions that carry them out), their due points and reminders. */
export const entretienModule: ApiModule = { name: 'entretien', routes, seed: seedEntretien };

export { rappelsPlansEntretien } from './rappels';
