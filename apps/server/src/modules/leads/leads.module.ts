import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { followUpRemindersJob } from './follow-ups';
import { leadsDemoSeed } from './leads.demo';
import { leadRoutes } from './leads.routes';
import { checkLeadSettings } from './leads.service';

/** Leads, their pipeline, the website's enquiry form and follow-up reminders. */
export const leadsModule = defineModule({
  name: 'leads',
  kinds: [KINDS.lead],
  routes: leadRoutes,
  jobs: [followUpRemindersJob],
  seeds: [leadsDemoSeed],
  settings: { checks: { leadSettings: checkLeadSettings } },
});
