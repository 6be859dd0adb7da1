import { DEFAULT_LOGO, FEATURES, type FeatureKey, firmSettingsSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ImageInput } from '../../../components/image-input';
import { showSubmitError } from '../../../lib/forms';
import { useProfile } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { useFirmSettings } from '../firm-settings';

const schema = firmSettingsSchema.pick({
  name: true,
  logo: true,
  website: true,
  slug: true,
  currency: true,
  timeZone: true,
});
export const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'NZD', 'MXN', 'CHF', 'SEK', 'NOK', 'DKK', 'JPY'];
export const TIME_ZONES = Intl.supportedValuesOf('timeZone');

export default function FirmGeneralTab() {
  const firm = useFirmSettings();
  const profile = useProfile();
  const current = firm.current!;
  const form = useForm({
    resolver: zodResolver(schema),
    values: {
      name: current.name,
      logo: current.logo,
      website: current.website,
      slug: current.slug,
      currency: current.currency,
      timeZone: current.timeZone,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await firm.save(values);
      toastSuccess('Firm settings saved.');
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  const e = form.formState.errors;
  const modules = profile.firm.features.filter((f): f is FeatureKey => f in FEATURES);
  return (
    <Stack>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Firm name" {...form.register('name')} error={e.name?.message} />
            <Controller
              control={form.control}
              name="logo"
              render={({ field }) => (
                <ImageInput
                  label="Logo"
                  value={field.value ?? DEFAULT_LOGO}
                  onChange={field.onChange}
                  error={e.logo?.message}
                />
              )}
            />
            <TextInput
              label="Website"
              placeholder="https://yourfirm.com"
              {...form.register('website')}
              error={e.website?.message}
            />
            <Controller
              control={form.control}
              name="slug"
              render={({ field }) => (
                <TextInput
                  label="Public address"
                  description={`Your store, blog feed and QR codes live at ${window.location.origin}/store/${field.value || 'your-address'}/. Links to an address you had before keep working.`}
                  leftSection={<Text size="sm">/store/</Text>}
                  leftSectionWidth={64}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.currentTarget.value || null)}
                  onBlur={field.onBlur}
                  error={e.slug?.message}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <Select
                    label="Currency"
                    data={CURRENCIES}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? '')}
                    error={e.currency?.message}
                    allowDeselect={false}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="timeZone"
                render={({ field }) => (
                  <Select
                    label="Time zone"
                    data={TIME_ZONES}
                    searchable
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? '')}
                    error={e.timeZone?.message}
                    allowDeselect={false}
                  />
                )}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg">
        <Text fw={600} mb={4}>
          Feature modules
        </Text>
        <Text size="sm" c="dimmed">
          {modules.length ? modules.map((m) => FEATURES[m].label).join(', ') : 'None yet'}.{' '}
          <Anchor component={Link} to="/u/profile/billing">
            Change modules under Billing
          </Anchor>
        </Text>
      </Card>
    </Stack>
  );
}
