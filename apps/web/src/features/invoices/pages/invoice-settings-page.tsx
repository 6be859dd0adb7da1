import { P } from '@atelier/contracts';
import { TagsInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

/** /s/invoice (63): how invoices are numbered, when they are due, the retention held, and their words. */
export default function InvoiceSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Invoice settings"
      description="Numbering, payment terms, the retention held on progress invoices, and what invoices say."
      allowed={can(P.INVOICE_SETTINGS)}
      form={(settings) => (
        <SettingsGroupForm
          group="invoiceSettings"
          current={settings.invoiceSettings}
          saved="Invoice settings saved."
          intro="A new invoice is numbered with the prefix and the firm's next number (INV-1001). It is due after its order's or the customer's account's payment terms, else after the days below."
          fields={[
            { name: 'prefix', label: 'Number prefix' },
            { name: 'paymentTermsDays', label: 'Payment terms', type: 'number', suffix: ' days' },
            {
              name: 'retentionPercent',
              label: 'Retention on progress invoices',
              type: 'percent',
              description:
                'Held back from each progress invoice until the work is accepted; an order keeps its first rate',
            },
          ]}
          more={(form) => (
            <Controller
              control={form.control}
              name="reminderDays"
              render={({ field, fieldState }) => (
                <TagsInput
                  label="Reminders of overdue invoices"
                  description="Days past due on which the customer is emailed a reminder with the invoice (at most 5). Leave empty for none."
                  placeholder="Type a number of days and press Enter"
                  maxTags={5}
                  value={(field.value as number[]).map(String)}
                  onChange={(values) =>
                    field.onChange(
                      [...new Set(values.map((v) => Number(v.trim())))]
                        .filter((n) => Number.isInteger(n) && n > 0)
                        .sort((a, b) => a - b),
                    )
                  }
                  error={
                    fieldState.error?.message ??
                    (Array.isArray(fieldState.error) ? fieldState.error.find(Boolean)?.message : undefined)
                  }
                />
              )}
            />
          )}
          texts={[
            { name: 'email', label: 'Invoice email', description: 'Sent with the invoice PDF attached.' },
            { name: 'footer', label: 'Footer', description: 'Printed at the foot of every invoice.' },
          ]}
        />
      )}
    />
  );
}
