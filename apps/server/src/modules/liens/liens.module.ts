import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { startLienRules } from './deadlines/rules-file';
import { lienRemindersJob } from './lien-reminders';
import { waiverDueReaction } from './lien-waiver-due';
import { liensDemo } from './liens.demo';
import { lienRoutes } from './liens.routes';

/**
 * Mechanic liens (issue 24, decision 0048): a lien record per customer job, its deadlines
 * computed from the supplied rules file, which is read and checked as the server starts (a bad
 * row stops it, named).
 */
export const liensModule = defineModule({
  name: 'liens',
  kinds: [KINDS.lien, KINDS.lien_waiver],
  routes: lienRoutes,
  jobs: [lienRemindersJob],
  reactions: [waiverDueReaction],
  seeds: [liensDemo],
  start: (config) => startLienRules(config.lienRulesFile),
});
