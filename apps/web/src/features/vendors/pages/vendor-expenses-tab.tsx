import type { Vendor } from '@atelier/contracts';
import { useRecord } from '../../../components/record/record-outlet';
import { ExpensesOf } from '../../expenses/components/expenses-of';
import { useSettings } from '../../settings/api';

/** /p/vendors/{id}/expenses: what the firm spent with the vendor outside purchase orders. */
export default function VendorExpensesTab() {
  const { record } = useRecord<Vendor>();
  const currency = useSettings().data?.firmSettings.currency;
  return (
    <ExpensesOf filter="vendor" id={record._id} currency={currency} empty={`No expenses paid to ${record.name} yet.`} />
  );
}
