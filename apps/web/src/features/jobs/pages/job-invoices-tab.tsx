import type { CustomerJob } from '@atelier/contracts';
import { InvoicesOf } from '../../../components/invoices-of';
import { useRecord } from '../../../components/record/record-outlet';

/** /u/customer-jobs/{id}/invoices: what the job was billed, and what is still owed. */
export default function JobInvoicesTab() {
  const { record } = useRecord<CustomerJob>();
  return <InvoicesOf filter="job" id={record._id} empty={`Nothing has been invoiced for ${record.name} yet.`} />;
}
