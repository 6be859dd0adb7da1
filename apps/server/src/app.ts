import { DOCUMENT_TYPES, MODEL_TYPES } from '@atelier/contracts';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Database, onCommit } from './db/client';
import { assertRuntimeLogin } from './db/roles';
import { accountingModule } from './modules/accounting/accounting.module';
import { ambassadorsModule } from './modules/ambassadors/ambassadors.module';
import { calendarModule } from './modules/calendar/calendar.module';
import { categoriesModule } from './modules/categories/categories.module';
import { changeOrdersModule } from './modules/change-orders/change-orders.module';
import { collectionsModule } from './modules/collections/collections.module';
import { commissionsModule } from './modules/commissions/commissions.module';
import { companiesModule } from './modules/companies/companies.module';
import { couponsModule } from './modules/coupons/coupons.module';
import { customersModule } from './modules/customers/customers.module';
import { deliveriesModule } from './modules/deliveries/deliveries.module';
import { emailerModule } from './modules/emailer/emailer.module';
import { employeesModule } from './modules/employees/employees.module';
import { expensesModule } from './modules/expenses/expenses.module';
import { filtersModule } from './modules/filters/filters.module';
import { firmsModule } from './modules/firms/firms.module';
import { importerModule } from './modules/importer/importer.module';
import { invitationsModule } from './modules/invitations/invitations.module';
import { invoicesModule } from './modules/invoices/invoices.module';
import { jobsModule } from './modules/jobs/jobs.module';
import { leadsModule } from './modules/leads/leads.module';
import { liensModule } from './modules/liens/liens.module';
import { materialsModule } from './modules/materials/materials.module';
import { messagingModule } from './modules/messaging/messaging.module';
import { ordersModule } from './modules/orders/orders.module';
import { organizationModule } from './modules/organization/organization.module';
import { payablesModule } from './modules/payables/payables.module';
import { paymentsModule } from './modules/payments/payments.module';
import { productsModule } from './modules/products/products.module';
import { profileModule } from './modules/profile/profile.module';
import { proposalsModule } from './modules/proposals/proposals.module';
import { purchasingModule } from './modules/purchasing/purchasing.module';
import { quotesModule } from './modules/quotes/quotes.module';
import { returnsModule } from './modules/returns/returns.module';
import { salesAnalyticsModule } from './modules/sales-analytics/sales-analytics.module';
import { stockModule } from './modules/stock/stock.module';
import { storeModule } from './modules/store/store.module';
import { tasksModule } from './modules/tasks/tasks.module';
import { timeModule } from './modules/time/time.module';
import { usersModule } from './modules/users/users.module';
import { vendorsModule } from './modules/vendors/vendors.module';
import { warehousesModule } from './modules/warehouses/warehouses.module';
import { wholesaleModule } from './modules/wholesale/wholesale.module';
import { signingKey } from './platform/auth/signed';
import { LocalFileStorage } from './platform/files/storage';
import type { Access } from './platform/http/access';
import { registerApiDocs } from './platform/http/api-docs';
import { registerErrorHandler } from './platform/http/error-handler';
import { FairShare } from './platform/http/fair-share';
import { registerFormBodies } from './platform/http/forms';
import { registerHealth } from './platform/http/health';
import { registerHostileInputGuard } from './platform/http/hostile-input';
import { parseQueryString } from './platform/http/querystring';
import { type AnyRoute, type AppDeps, registerRoutes, requireDeclaredAccess } from './platform/http/routes';
import { redactTokens, registerSecurity } from './platform/http/security';
import { registerSpa } from './platform/http/spa';
import { BackgroundWork } from './platform/jobs/background';
import { installModules, type ModuleManifest } from './platform/modules/define-module';
import { platformModule } from './platform/platform.module';
import { ProgressHub } from './platform/realtime/progress-hub';
import { registerSocket } from './platform/realtime/socket';

/** Every module of the app, each with its manifest (kinds, routes, jobs, seeds, settings). A new module is added here. */
export const MODULES: readonly ModuleManifest[] = [
  platformModule,
  profileModule,
  warehousesModule,
  organizationModule,
  invitationsModule,
  firmsModule,
  companiesModule,
  customersModule,
  ambassadorsModule,
  employeesModule,
  leadsModule,
  jobsModule,
  tasksModule,
  timeModule,
  usersModule,
  categoriesModule,
  filtersModule,
  productsModule,
  materialsModule,
  vendorsModule,
  couponsModule,
  collectionsModule,
  stockModule,
  purchasingModule,
  wholesaleModule,
  ordersModule,
  quotesModule,
  changeOrdersModule,
  proposalsModule,
  invoicesModule,
  paymentsModule,
  // After jobs, vendors and invoices: its demo spends on their jobs; commissions follow paid invoices.
  expensesModule,
  commissionsModule,
  deliveriesModule,
  returnsModule,
  calendarModule,
  salesAnalyticsModule,
  importerModule,
  // After purchasing and expenses: its demo bills their received orders and pays from their accounts.
  payablesModule,
  // After jobs and invoices: a lien's amount owed is its job's unpaid invoices.
  liensModule,
  // The public store reads the catalog, prices and stock of the modules before it.
  storeModule,
  // Marketing: its segments read customers, orders and the catalog.
  emailerModule,
  // One-to-one messages on customers, leads, accounts and jobs (their kinds registered before).
  messagingModule,
  // Last: its demo exports what every module before it put in the books.
  accountingModule,
];
installModules(MODULES);

/** Every API route of every module. */
export const apiRoutes: readonly AnyRoute[] = MODULES.flatMap((m) => m.routes);
/** Every background job of every module. */
export const jobs = MODULES.flatMap((m) => m.jobs ?? []);

export type RegisteredRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declared, for the route-matrix test and for docs. */
    routeRegistry: RegisteredRoute[];
    deps: AppDeps;
  }
}

/**
 * A request as the log writes it: its method and address with any approval token blanked out
 * (a token in the log would be as good as the link).
 */
export function requestForLog(req: { method: string; url: string; ip?: string; id?: string }) {
  return { method: req.method, url: redactTokens(req.url), ...(req.ip ? { remoteAddress: req.ip } : {}) };
}

export type BuildOptions = { config: Config; database: Database; logger?: boolean };

export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<FastifyInstance> {
  // Before anything listens: a login that could step out of row-level security is refused.
  await assertRuntimeLogin(database.pool);
  // The key of signed links, read (or made) now: a data folder it cannot be kept in fails the start, not a send.
  signingKey(config);
  for (const m of MODULES) m.start?.(config);
  const app = Fastify({
    logger: logger ? { level: config.logLevel, serializers: { req: requestForLog } } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    // JSON.parse makes "__proto__" an own property, which is harmless in itself; the hostile-input
    // guard then refuses it (and "constructor", "prototype") with a 400 naming the field. The
    // library's own refusal would answer "not valid JSON", which is not what is wrong.
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
  });

  app.decorate('routeRegistry', [] as RegisteredRoute[]);
  requireDeclaredAccess(app);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const access = (options.config as { access: Access }).access;
    for (const method of methods) app.routeRegistry.push({ method, url: options.url, access });
  });

  const progress = new ProgressHub(database.url, database.pool);
  await progress.start();
  const deps: AppDeps = {
    config,
    db: database.db,
    fairShare: new FairShare(config.fairShare),
    storage: new LocalFileStorage(config.filesDir),
    progress,
    background: new BackgroundWork((error) => app.log.error(error, 'background work failed')),
  };
  app.decorate('deps', deps);
  // A deleted file's bytes leave storage only once its deletion has committed: a rollback keeps them.
  const stopRemovingFiles = onCommit(database.db, (events) => {
    for (const event of events) if (event.type === 'file-removed') deps.storage.remove(event.storageKey);
  });
  app.addHook('onClose', async () => {
    stopRemovingFiles();
    await deps.background.close();
    await progress.close();
  });

  // Uploads arrive as the raw bytes of one file; upload routes stream them to storage. No other
  // route takes these types (text/plain included), so their bodies are never buffered.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser([...DOCUMENT_TYPES, ...MODEL_TYPES], (_req, payload, done) => done(null, payload));
  registerFormBodies(app);

  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerHostileInputGuard(app);
  registerSecurity(app, config);
  registerHealth(app, database.pool);
  await registerSocket(app, deps);
  registerRoutes(app, deps, apiRoutes);
  registerApiDocs(app, apiRoutes);
  await registerSpa(app, config.webDist);
  return app;
}
