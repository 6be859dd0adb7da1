import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { companyRoutes } from './companies.routes';

/** Accounts: the businesses a firm sells to. */
export const companiesModule = defineModule({ name: 'companies', kinds: [KINDS.company], routes: companyRoutes });
