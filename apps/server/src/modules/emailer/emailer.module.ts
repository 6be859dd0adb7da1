import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { emailerDemo } from './emails.demo';
import { emailRoutes } from './emails.routes';
import { sendBatchJob } from './sends.service';

/** The emailer: email templates, segments of consenting customers, sends, unsubscribe links. */
export const emailerModule = defineModule({
  name: 'emailer',
  kinds: [KINDS.email],
  routes: emailRoutes,
  jobs: [sendBatchJob],
  seeds: [emailerDemo],
});
