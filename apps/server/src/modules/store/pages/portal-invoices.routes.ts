import { z } from 'zod';
import { notFound } from '../../../platform/http/errors';
import type { AnyRoute } from '../../../platform/http/routes';
import { pdfReply } from '../../../platform/pdf/pdf-reply';
import { invoicePdf, invoiceType } from '../../invoices';
import { statementPdf } from '../../payments';
import { customerActor } from '../customer-session';
import { portalInvoiceId, portalInvoices, portalInvoicesContent } from './portal-invoices';
import { customerRoute, pageRoute, signInFirst } from './store-page';

const slug = z.string().max(100);

export const portalInvoiceRoutes: AnyRoute[] = [
  pageRoute({
    url: 'account/invoices',
    summary: 'The signed-in customer’s invoices (HTML): issued ones, balances, what they owe, how to pay',
    params: z.strictObject({ slug }),
    build: async ({ db, store, customer }) => {
      if (!customer) return signInFirst(store);
      const data = await portalInvoices(db, store, customer);
      return {
        meta: { title: 'Your invoices', description: 'Your invoices', path: 'account/invoices', noindex: true },
        content: (frame) => portalInvoicesContent(frame, customer, data),
      };
    },
  }),
  customerRoute({
    url: 'account/invoices/:id/pdf',
    summary: 'One of the signed-in customer’s own issued invoices, as a PDF',
    // Any text: a malformed id is the same 404 as another customer's invoice.
    params: z.strictObject({ slug, id: z.string().max(100) }),
    produces: 'application/pdf',
    run: async ({ db, deps, reply, store, customer, params }) => {
      const id = await portalInvoiceId(db, store, customer, params.id as string);
      const actor = customerActor(store, customer);
      const invoice = await invoiceType.get(db, actor, id);
      return pdfReply(reply, invoice.number, await invoicePdf(db, actor, deps.storage, invoice));
    },
  }),
  customerRoute({
    url: 'account/statement.pdf',
    summary: 'The statement of the signed-in customer’s account (company), as a PDF',
    params: z.strictObject({ slug }),
    produces: 'application/pdf',
    run: async ({ db, deps, reply, store, customer }) => {
      // A statement is per account: a customer without one has none (the page shows no link).
      if (!customer.companyId) throw notFound('You have no account statement.');
      const { pdf, asOf } = await statementPdf(db, customerActor(store, customer), deps.storage, customer.companyId);
      return pdfReply(reply, `statement-${asOf}`, pdf);
    },
  }),
];
