import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { startLienRules } from './deadlines/rules-file';
import { lienRemindersJob } from './lien-reminders';
import { liensDemo } from './liens.demo';
import { lienRoutes } from './liens.routes';

/**
 * Mechanic liens (issue 24, decision 0048): a lien record per customer job, its deadlines
 * computed from the supplied rules file, which is read and checked as the server starts (a bad
 * row stops it, named).
 */
export const liensModule = defineModule({
  name: 'liens',
  kinds: [KINDS.lien],
  routes: lienRoutes,
  jobs: [lienRemindersJob],
  seeds: [liensDemo],
  start: (config) => startLienRules(config.lienRulesFile),
});
