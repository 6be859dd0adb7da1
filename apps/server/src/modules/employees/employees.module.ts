import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { employeeRoutes } from './employees.routes';

/** The firm's staff as records: details, pay, the customers they look after. */
export const employeesModule = defineModule({ name: 'employees', kinds: [KINDS.employee], routes: employeeRoutes });
