import {
  billableExpenseSchema,
  hasCode,
  jobCostsSchema,
  KINDS,
  moneyAccountInputSchema,
  moneyAccountSchema,
  P,
  SETTINGS_KINDS,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { billableExpenses } from './billing';
import { expenseType } from './expenses.service';
import { jobCosts } from './job-costs';
import { addMoneyAccount, listMoneyAccounts, removeMoneyAccount, updateMoneyAccount } from './money-accounts.service';

const accounts = SETTINGS_KINDS.moneyAccount;
/** Who reads the money accounts: whoever keeps them (81) and whoever pays from them (172, 57). */
const READ_ACCOUNTS = [P.MODIFY_FIRM_SETTINGS, P.MODIFY_EXPENSES, P.MODIFY_PURCHASE_ORDERS];

const moneyAccountRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: accounts.apiPath,
    summary: "The firm's money accounts (bank, card, cash): for 81, 172 or 57",
    // One of three codes: checked here, as a route declares one.
    access: SIGNED_IN,
    response: z.array(moneyAccountSchema),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff' || !READ_ACCOUNTS.some((code) => hasCode(actor.codes, code))) throw forbidden();
      return listMoneyAccounts(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: accounts.apiPath,
    summary: 'Add a money account',
    access: permission(accounts.codes.modify),
    status: 201,
    body: moneyAccountInputSchema,
    response: moneyAccountSchema,
    handler: ({ db, actor, body }) => addMoneyAccount(db, actor, body),
  }),
  defineRoute({
    method: 'PUT',
    url: `${accounts.apiPath}/:id`,
    summary: 'Rename a money account, or change its type or last four digits',
    access: permission(accounts.codes.modify),
    params: idParams,
    body: withVersion(moneyAccountInputSchema),
    response: moneyAccountSchema,
    handler: ({ db, actor, params, body }) => updateMoneyAccount(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${accounts.apiPath}/:id`,
    summary: 'Remove a money account nothing was paid from (409 otherwise)',
    access: permission(accounts.codes.remove),
    params: idParams,
    status: 204,
    handler: ({ db, actor, params }) => removeMoneyAccount(db, actor, params.id),
  }),
];

export const expenseRoutes: AnyRoute[] = [
  ...moneyAccountRoutes,
  defineRoute({
    method: 'GET',
    url: `${KINDS.expense.apiPath}/billable`,
    summary: "A customer's billable expenses no invoice bills yet (what a new invoice offers to bill)",
    // Offered on the invoice form: whoever makes invoices (60) sees what they may bill.
    access: permission(KINDS.invoice.codes.modify),
    query: z.object({ customer: z.string().max(64).default('') }),
    response: z.array(billableExpenseSchema),
    handler: ({ db, query }) => billableExpenses(db, query.customer),
  }),
  ...recordTypeRoutes(expenseType),
  defineRoute({
    method: 'GET',
    url: `${KINDS.customer_job.apiPath}/:id/costs`,
    summary: "A job's actual cost (expenses, labour, purchases) and invoiced revenue against its budget",
    access: permission(KINDS.customer_job.codes.modify, KINDS.customer_job.feature),
    params: idParams,
    response: jobCostsSchema,
    handler: ({ db, params }) => jobCosts(db, params.id),
  }),
];
