// Every Drizzle table, for the typed client and for drizzle-kit.
export * from '../modules/ambassadors/ambassadors.table';
export * from '../modules/companies/companies.table';
export * from '../modules/customers/customers.table';
export * from '../modules/firms/firms.table';
export * from '../modules/interactions/interactions.table';
export * from '../modules/users/users.table';
export * from '../modules/warehouses/warehouses.table';
export * from '../platform/audit/audit.table';
export * from '../platform/auth/auth.table';
export * from '../platform/email/outbox.table';
export * from '../platform/files/files.table';
export * from '../platform/notifications/notifications.table';
export * from '../platform/numbering/counters.table';
export * from '../platform/search/search.table';
export * from '../platform/settings/settings.table';
export * from '../platform/subscriptions/subscriptions.table';
export * from '../seed/seed.table';
