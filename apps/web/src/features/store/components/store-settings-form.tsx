import type { Settings, STORE_PRICE_VISIBILITY } from '@atelier/contracts';
import { MultiSelect } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useCategories } from '../../categories/api';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { useVendorChoices } from '../../vendors/api';

const PRICE_LABELS: Record<(typeof STORE_PRICE_VISIBILITY)[number], string> = {
  everyone: 'Everyone sees prices',
  signed_in: 'Customers sign in to see prices',
};

/** The store's settings (94): its name and banner, which top-level categories and vendors it shows, and who sees prices. */
export function StoreSettingsForm({ settings }: { settings: Settings }) {
  const categories = useCategories().data ?? [];
  const vendors = useVendorChoices().data?.items ?? [];
  const tops = categories.filter((c) => !c.parentId).map((c) => ({ value: c._id, label: c.name }));
  return (
    <SettingsGroupForm
      group="storeSettings"
      current={settings.storeSettings}
      saved="Store settings saved."
      intro="Leave the categories or vendors empty to show them all. Draft and archived products never show."
      fields={[
        {
          name: 'name',
          label: 'Store name',
          placeholder: 'Your firm’s name',
          description: 'Your firm’s name when empty',
        },
        { name: 'prices', label: 'Prices', type: 'select', choices: PRICE_LABELS },
        {
          name: 'categories',
          label: 'Categories shown',
          render: (form, error) => (
            <Controller
              control={form.control}
              name="categories"
              render={({ field }) => (
                <MultiSelect
                  label="Categories shown"
                  placeholder={field.value?.length ? undefined : 'All categories'}
                  data={tops}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  searchable
                  error={error}
                />
              )}
            />
          ),
        },
        {
          name: 'vendors',
          label: 'Vendors shown',
          render: (form, error) => (
            <Controller
              control={form.control}
              name="vendors"
              render={({ field }) => (
                <MultiSelect
                  label="Vendors shown"
                  placeholder={field.value?.length ? undefined : 'All vendors'}
                  data={vendors.map((v) => ({ value: v._id, label: v.name }))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  searchable
                  error={error}
                />
              )}
            />
          ),
        },
      ]}
      texts={[{ name: 'banner', label: 'Banner', description: 'A line under the store’s name on its front page.' }]}
    />
  );
}
