import { KINDS, P } from '@atelier/contracts';
import { z } from 'zod';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { sendStatement, statementPdf } from './statement';

const account = KINDS.company;

/** An account's statement (its accounting tab): read with invoices (60) and the account (11). */
export const statementRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${account.apiPath}/:id/statement.pdf`,
    summary: 'The account’s statement as a PDF: open invoices, aging, credit and balance due',
    access: permission(KINDS.invoice.codes.modify),
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      assertAllowed(permission(account.codes.modify), actor);
      const { pdf, asOf } = await statementPdf(db, actor, deps.storage, params.id);
      return pdfReply(reply, `statement-${asOf}`, pdf);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${account.apiPath}/:id/statement/send`,
    summary: 'Email the account its statement as a PDF',
    access: permission(P.SEND_INVOICES),
    params: idParams,
    response: z.strictObject({ sentTo: z.string() }),
    handler: ({ db, actor, deps, params }) => {
      assertAllowed(permission(account.codes.modify), actor);
      assertAllowed(permission(KINDS.invoice.codes.modify), actor);
      return sendStatement(db, actor, deps.storage, params.id);
    },
  }),
];
