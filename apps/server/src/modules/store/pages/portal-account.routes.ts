import { changePasswordSchema, emailSchema, newPasswordSchema, portalDetailsSchema } from '@atelier/contracts';
import { z } from 'zod';
import { confirmPasswordReset } from '../../../platform/auth/auth.service';
import { reserveResetRequest } from '../../../platform/auth/throttle';
import { HttpError } from '../../../platform/http/errors';
import type { AnyRoute } from '../../../platform/http/routes';
import { changePassword } from '../../profile';
import { customerActor, type StoreCustomer } from '../customer-session';
import { portalDetails, requestStoreReset, savePortalDetails, storeResetEmail } from '../portal-details';
import { customerQuote, decideQuote } from '../portal-quotes';
import { storeHref } from './layout';
import { detailsContent, type FormErrors, forgotContent, quoteContent, resetContent } from './portal-account';
import { back, fieldErrors, formRoute, one } from './store-forms.routes';
import { pageRoute, type StoreRequest, sendStorePage, signInFirst } from './store-page';

const slug = z.string().max(100);
type Page = StoreRequest;

/** A refusal the customer can act on (a 400 or 409 of the services), else rethrown. */
const refusal = (error: unknown): HttpError => {
  if (error instanceof HttpError && [400, 404, 409].includes(error.status)) return error;
  throw error;
};

const detailsPage = async (
  p: Page & { customer: StoreCustomer },
  status: number,
  options: { errors?: FormErrors; passwordErrors?: FormErrors; notice?: string | null; typed?: Record<string, string> },
) => {
  const saved = await portalDetails(p.db, p.customer);
  const t = options.typed;
  const shown = t
    ? {
        ...saved,
        firstName: t.firstName ?? '',
        lastName: t.lastName ?? '',
        phone: t.phone ?? '',
        address: {
          line1: t.line1 ?? '',
          line2: t.line2 ?? '',
          city: t.city ?? '',
          region: t.region ?? '',
          postalCode: t.postalCode ?? '',
          country: t.country ?? '',
        },
      }
    : saved;
  return sendStorePage(p, status, {
    meta: { title: 'Your details', description: 'Your details', path: 'account/details', noindex: true },
    content: (frame) =>
      detailsContent(frame, shown, {
        errors: options.errors ?? {},
        passwordErrors: options.passwordErrors ?? {},
        notice: options.notice ?? null,
      }),
  });
};

const DETAIL_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
] as const;

/** The customer's own pages beyond the overview: a quote to accept, their details and password, a forgotten password. */
export const portalAccountRoutes: AnyRoute[] = [
  pageRoute({
    url: 'account/quotes/:id',
    summary: 'One of the signed-in customer’s quotes (HTML): its lines, and accepting or declining it while it stands',
    params: z.strictObject({ slug, id: z.string().max(100) }),
    build: async ({ db, store, customer, params, q }) => {
      if (!customer) return signInFirst(store);
      const quote = await customerQuote(db, customer, params.id!);
      const notice = one(q.done)?.slice(0, 200) ?? null;
      return {
        meta: {
          title: `Quote ${quote.number}`,
          description: 'Your quote',
          path: `account/quotes/${quote.id}`,
          noindex: true,
        },
        content: (frame) => quoteContent(frame, quote, { error: null, notice }),
      };
    },
  }),
  ...(['accept', 'decline'] as const).map((decision) =>
    formRoute(
      `account/quotes/${decision}`,
      decision === 'accept'
        ? 'The signed-in customer accepts their sent quote, with their choices: it becomes a draft order'
        : 'The signed-in customer declines their sent quote',
      async ({ db, deps, req, reply, store, customer, fields }) => {
        if (!customer) return back(reply, storeHref(store, 'account'));
        const id = one(fields.quote) ?? '';
        // Ticked optional lines, and the line chosen in each group (`chosen:{group}` radio buttons).
        const selected = ([] as string[]).concat(fields.selected ?? []);
        const chosen = Object.keys(fields)
          .filter((k) => k.startsWith('chosen:'))
          .flatMap((k) => ([] as string[]).concat(fields[k] ?? []));
        try {
          const done = await db.transaction((tx) =>
            decideQuote(tx, store, customer, id, decision, { selected, chosen }),
          );
          const what =
            decision === 'accept'
              ? `You accepted ${done.number}${done.order ? `: it is now order ${done.order}, and we will confirm it with you` : ''}.`
              : `You declined ${done.number}. Thank you for letting us know.`;
          return back(reply, `${storeHref(store, `account/quotes/${id}`)}?done=${encodeURIComponent(what)}`);
        } catch (error) {
          const refused = refusal(error);
          if (refused.status === 404) throw refused;
          const quote = await customerQuote(db, customer, id);
          return sendStorePage({ db, deps, req, reply, store, customer }, refused.status, {
            meta: {
              title: `Quote ${quote.number}`,
              description: 'Your quote',
              path: `account/quotes/${id}`,
              noindex: true,
            },
            content: (frame) => quoteContent(frame, quote, { error: refused.message, notice: null }),
          });
        }
      },
    ),
  ),
  pageRoute({
    url: 'account/details',
    summary: 'The signed-in customer’s details and password (HTML)',
    params: z.strictObject({ slug }),
    build: async ({ db, store, customer, q }) => {
      if (!customer) return signInFirst(store);
      const details = await portalDetails(db, customer);
      const notice = one(q.done)?.slice(0, 200) ?? null;
      return {
        meta: { title: 'Your details', description: 'Your details', path: 'account/details', noindex: true },
        content: (frame) => detailsContent(frame, details, { errors: {}, passwordErrors: {}, notice }),
      };
    },
  }),
  formRoute(
    'account/details',
    'The signed-in customer changes their name, phone and address',
    async ({ db, deps, req, reply, store, customer, fields }) => {
      if (!customer) return back(reply, storeHref(store, 'account'));
      const typed: Record<string, string> = Object.create(null);
      for (const k of DETAIL_FIELDS) typed[k] = one(fields[k]) ?? '';
      const p = { db, deps, req, reply, store, customer };
      const parsed = portalDetailsSchema.safeParse(typed);
      if (!parsed.success) return detailsPage(p, 400, { errors: fieldErrors(parsed.error, 'form'), typed });
      try {
        await db.transaction((tx) => savePortalDetails(tx, store, customer, parsed.data));
      } catch (error) {
        const refused = refusal(error);
        return detailsPage(p, refused.status, { errors: refused.fields ?? { firstName: refused.message }, typed });
      }
      return back(
        reply,
        `${storeHref(store, 'account/details')}?done=${encodeURIComponent('Your details are saved.')}`,
      );
    },
  ),
  formRoute(
    'account/password',
    'The signed-in customer changes their password (their other sessions end)',
    async ({ db, deps, req, reply, store, customer, fields }) => {
      if (!customer) return back(reply, storeHref(store, 'account'));
      const p = { db, deps, req, reply, store, customer };
      const parsed = changePasswordSchema.safeParse({
        current_password: one(fields.current_password) ?? '',
        new_password: one(fields.new_password) ?? '',
      });
      if (!parsed.success) return detailsPage(p, 400, { passwordErrors: fieldErrors(parsed.error, 'form') });
      try {
        await db.transaction((tx) => changePassword(tx, customerActor(store, customer), parsed.data));
      } catch (error) {
        const refused = refusal(error);
        return detailsPage(p, refused.status, {
          passwordErrors: refused.fields ?? { current_password: refused.message },
        });
      }
      return back(
        reply,
        `${storeHref(store, 'account/details')}?done=${encodeURIComponent('Your password is changed.')}`,
      );
    },
  ),
  pageRoute({
    url: 'account/forgot',
    summary: 'A store’s “forgot your password” page (HTML)',
    params: z.strictObject({ slug }),
    build: async () => ({
      meta: {
        title: 'Forgot your password?',
        description: 'Forgot your password?',
        path: 'account/forgot',
        noindex: true,
      },
      content: (frame) => forgotContent(frame, { sent: false, email: '', error: null }),
    }),
  }),
  formRoute(
    'account/forgot',
    'Emails a store customer a link to choose a new password (the same answer whether or not the address has a login)',
    async ({ db, deps, req, reply, store, customer, fields }) => {
      const typed = (one(fields.email) ?? '').trim().slice(0, 254);
      const parsed = emailSchema.safeParse(typed);
      const p = { db, deps, req, reply, store, customer };
      const meta = {
        title: 'Forgot your password?',
        description: 'Forgot your password?',
        path: 'account/forgot',
        noindex: true,
      };
      if (!parsed.success)
        return sendStorePage(p, 400, {
          meta,
          content: (frame) =>
            forgotContent(frame, {
              sent: false,
              email: typed,
              error: parsed.error.issues[0]?.message ?? 'Enter your email.',
            }),
        });
      await requestStoreReset(db, deps, store, parsed.data);
      return sendStorePage(p, 200, {
        meta,
        content: (frame) => forgotContent(frame, { sent: true, email: parsed.data, error: null }),
      });
    },
    ({ db, deps, meta }) => reserveResetRequest(db, deps.config, meta.ip),
  ),
  pageRoute({
    url: 'account/reset/:token',
    summary: 'A store customer chooses a new password from the emailed link (HTML)',
    params: z.strictObject({ slug, token: z.string().max(200) }),
    build: async ({ db, store, params }) => {
      const email = await storeResetEmail(db, store, params.token!);
      return {
        meta: {
          title: 'Choose a new password',
          description: 'Choose a new password',
          path: 'account/forgot',
          noindex: true,
        },
        content: (frame) =>
          resetContent(frame, {
            token: params.token!,
            email,
            errors: email
              ? {}
              : { token: 'This link is not valid any more: it was used, it expired, or a newer one was sent.' },
          }),
      };
    },
  }),
  formRoute(
    'account/reset',
    'A store customer’s new password, from the emailed link: every session of theirs ends',
    async ({ db, deps, req, reply, store, customer, fields }) => {
      const token = (one(fields.token) ?? '').slice(0, 200);
      const password = one(fields.password) ?? '';
      const p = { db, deps, req, reply, store, customer };
      const email = await storeResetEmail(db, store, token);
      const again = (status: number, errors: FormErrors) =>
        sendStorePage(p, status, {
          meta: {
            title: 'Choose a new password',
            description: 'Choose a new password',
            path: 'account/forgot',
            noindex: true,
          },
          content: (frame) => resetContent(frame, { token, email, errors }),
        });
      if (!email)
        return again(400, {
          token: 'This link is not valid any more: it was used, it expired, or a newer one was sent.',
        });
      const parsed = newPasswordSchema.safeParse(password);
      if (!parsed.success) return again(400, { password: parsed.error.issues[0]!.message });
      await confirmPasswordReset(db, deps, { token, password: parsed.data });
      return back(reply, `${storeHref(store, 'account')}?reset=1`);
    },
  ),
];
