import type { Vendor, VendorInput } from '@atelier/contracts';
import { AddressesField } from '../../../components/form/addresses-field';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';

/** A vendor's fields, for the new page and the details tab. */
export function VendorForm(props: RecordFormProps<Vendor, VendorInput>) {
  return (
    <RecordForm
      {...props}
      // A new vendor starts with the firm's usual terms (vendor settings).
      defaults={useSettings().data?.vendorSettings}
      fields={[
        { name: 'name', label: 'Name' },
        { name: 'contactName', label: 'Contact' },
        { name: 'email', label: 'Email', type: 'email' },
        { name: 'phone', label: 'Phone', type: 'tel' },
        { name: 'website', label: 'Website', placeholder: 'https://' },
        {
          name: 'accountNumber',
          label: 'Our account number',
          description: 'Printed on purchase orders to this vendor',
        },
        {
          name: 'paymentTermsDays',
          label: 'Payment terms',
          type: 'number',
          suffix: ' days',
          max: 365,
          description: 'Days we have to pay their bills',
        },
        {
          name: 'leadTimeDays',
          label: 'Lead time',
          type: 'number',
          suffix: ' days',
          max: 365,
          description: 'From ordering to delivery, unless an item says otherwise',
        },
      ]}
    >
      {(form) => <AddressesField form={form} />}
    </RecordForm>
  );
}
