import type { ApiModule } from '../module';
import routes from './chauffeur.routes';
import { seedChauffeurs } from './chauffeur.seed';
import * as tables from './chauffeur.table';

/** The driver's app: its API under /api/chauffeur, and the office's view of the road log. */
export const chauffeurModule: ApiModule = { name: 'chauffeur', routes, seed: seedChauffeurs, tables };
