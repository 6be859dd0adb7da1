import { KIND_SCHEMAS, KINDS } from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { quotePdf, sendQuote } from './quote-send';
import { quoteType } from './quotes.service';

const kind = KINDS.quote;
const access = permission(kind.codes.modify, kind.feature);

export const quoteRoutes: AnyRoute[] = [
  ...recordTypeRoutes(quoteType),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/send`,
    summary: 'Email the quote to its customer as a PDF: its revision is frozen and it is sent',
    access,
    params: idParams,
    response: KIND_SCHEMAS.quote.detail,
    handler: ({ db, actor, deps, params }) => sendQuote(db, actor, deps.storage, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/pdf`,
    summary: 'The quote as a PDF, to download or print',
    access,
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const quote = await quoteType.get(db, actor, params.id);
      const pdf = await quotePdf(db, actor, deps.storage, quote);
      return pdfReply(reply, quote.number, pdf);
    },
  }),
];
