import { P } from '@atelier/contracts';
import { Switch, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useCan } from '../../../lib/permissions';
import { SettingsGroupForm } from '../components/settings-group-form';
import { SettingsGroupPage } from '../components/settings-group-page';

/** /s/messaging (98, every firm): whom the firm's emails come from, where replies go, their footer, and tracking. */
export default function MessagingSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Messaging"
      description="The name your emails come from, where replies go, the footer under them, the postal address under marketing emails, and whether they count opens and clicks."
      allowed={can(P.MESSAGING_SETTINGS)}
      form={(settings) => (
        <SettingsGroupForm
          group="messagingSettings"
          current={settings.messagingSettings}
          saved="Messaging settings saved."
          fields={[
            {
              name: 'senderName',
              label: 'Sender name',
              placeholder: 'Studio North',
              description: 'What mail apps show as the sender. Left empty, the app’s own sender name.',
            },
            {
              name: 'replyTo',
              label: 'Replies go to',
              type: 'email',
              placeholder: 'hello@yourfirm.com',
              description: 'Left empty, replies go to the address emails are sent from.',
            },
          ]}
          more={(form) => (
            <>
              <Textarea
                label="Footer"
                description="Printed under the emails the firm sends (quotes, invoices, notices). Marketing emails carry their own footer block instead."
                autosize
                minRows={3}
                {...form.register('footer')}
                error={form.formState.errors.footer?.message as string | undefined}
              />
              <Textarea
                label="Postal address"
                description="Printed under every marketing email, as commercial email must carry one. Left empty, the address block of document settings; with neither, marketing emails cannot be sent."
                autosize
                minRows={3}
                {...form.register('postalAddress')}
                error={form.formState.errors.postalAddress?.message as string | undefined}
              />
              <Controller
                control={form.control}
                name="tracking"
                render={({ field }) => (
                  <Switch
                    label="Count opens and clicks"
                    description="For marketing emails. Off: no tracking pixel and no rewritten links, and their results show no opens or clicks."
                    checked={Boolean(field.value)}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                )}
              />
            </>
          )}
        />
      )}
    />
  );
}
