import type { Address, RecordAddress } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/http/errors';
import { companies } from '../companies';
import { customers } from '../customers';
import { customerJobs } from '../jobs';

/** The address a document goes to unless it says: the customer's shipping address, else their first. */
export function customerAddress(addresses: RecordAddress[]): Address | null {
  const a = addresses.find((x) => x.kind === 'shipping') ?? addresses[0];
  if (!a) return null;
  return {
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
  };
}

/** The customer a priced document is for (one of the firm's: else 400), and what their account says of tax and terms. */
export async function documentCustomer(db: Executor, id: string) {
  const [found] = await db
    .select({
      id: customers.id,
      name: customers.name,
      companyId: customers.companyId,
      companyName: companies.name,
      ambassadorId: customers.ambassadorId,
      addresses: customers.addresses,
      // Exempt on their own account or on their business's.
      taxExempt: sql<boolean>`(${customers.taxExempt} OR COALESCE(${companies.taxExempt}, false))`,
      terms: companies.paymentTermsDays,
    })
    .from(customers)
    .leftJoin(companies, eq(companies.id, customers.companyId))
    .where(eq(customers.id, id));
  if (!found) throw badRequest('Choose a customer from the list.', { customer: 'Choose a customer from the list.' });
  return found;
}

/** A job a document names is the firm's, and the customer's own or one of the firm's projects. */
export async function checkDocumentJob(db: Executor, jobId: string | null, customerId: string) {
  if (!jobId) return;
  const [job] = await db
    .select({ customer: customerJobs.customerId })
    .from(customerJobs)
    .where(eq(customerJobs.id, jobId));
  if (!job) throw badRequest('Choose a job from the list.', { customerJob: 'Choose a job from the list.' });
  if (job.customer && job.customer !== customerId)
    throw badRequest('This job is another customer’s.', { customerJob: 'This job is another customer’s.' });
}
