import { P, type Settings, type TaxRate } from '@atelier/contracts';
import { Card, NumberInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../../settings/api';
import { SettingsGroupForm } from '../../settings/components/settings-group-form';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';
import { SettingsRows } from '../../settings/components/settings-rows';
import { useWarehouseChoices } from '../components/order-form';

/**
 * The firm's tax rates: per tax class, in a state or a ZIP prefix (or everywhere). A line takes
 * the longest ZIP prefix that matches where the order goes, else the state's, else everywhere's.
 */
function TaxRates({ current, classes }: { current: TaxRate[]; classes: readonly string[] }) {
  const save = useSaveSettings('orderSettings');
  return (
    <SettingsRows<TaxRate & { percent: number }>
      title="Tax rates"
      text="Each line is taxed by its tax class where the order goes: the longest ZIP prefix that matches (941), else the state (CA), else the class’s rate everywhere (leave the place empty), else the default rate above."
      initial={current.map((r) => ({ ...r, percent: r.rateBps / 100 }))}
      fresh={() => ({ taxClass: classes[0] ?? '', jurisdiction: '', rateBps: 0, percent: 0 })}
      noun="rate"
      addLabel="Add a rate"
      saveLabel="Save tax rates"
      saved="Tax rates saved."
      path="taxRates"
      onSave={(rates) =>
        save.mutateAsync({ taxRates: rates.map(({ percent, ...r }) => ({ ...r, rateBps: Math.round(percent * 100) })) })
      }
      cells={(r, set, error) => [
        <Select
          key="class"
          label="Tax class"
          data={[...new Set([...classes, r.taxClass].filter(Boolean))]}
          value={r.taxClass || null}
          onChange={(v) => set({ taxClass: v ?? '' })}
          error={error('taxClass')}
          allowDeselect={false}
        />,
        <TextInput
          key="place"
          label="State or ZIP prefix"
          placeholder="Everywhere"
          value={r.jurisdiction}
          onChange={(e) => set({ jurisdiction: e.currentTarget.value })}
          error={error('jurisdiction')}
        />,
        <NumberInput
          key="rate"
          label="Rate"
          suffix=" %"
          min={0}
          max={100}
          decimalScale={3}
          flex={1}
          miw={0}
          value={r.percent}
          onChange={(v) => set({ percent: typeof v === 'number' ? v : 0 })}
          error={error('rateBps')}
        />,
      ]}
    />
  );
}

/** Where orders are fulfilled from unless an order says. */
function OrderWarehouse({ current }: { current: string | null }) {
  const warehouses = useWarehouseChoices();
  const save = useSaveSettings('orderWarehouseSettings');
  return (
    <Card withBorder padding="lg" maw={720}>
      <Select
        label="Orders are fulfilled from"
        description="The warehouse a new order holds and hands over its stock from, unless it names another."
        data={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
        value={current}
        clearable
        onChange={async (warehouse) => {
          try {
            await save.mutateAsync({ warehouse });
            toastSuccess('Order warehouse saved.');
          } catch (error) {
            showSubmitError(error);
          }
        }}
      />
    </Card>
  );
}

/** Returns (26): how they are numbered, and the restocking fee kept when none is entered. */
function ReturnSettings({ current }: { current: Settings['returnSettings'] }) {
  return (
    <Stack gap="xs" maw={720}>
      <Title order={2} size="h4">
        Returns
      </Title>
      <SettingsGroupForm
        group="returnSettings"
        current={current}
        saved="Return settings saved."
        intro="A new return is numbered with the prefix and the firm's next number (RMA-12). The restocking fee is kept from what a return credits, unless a return says otherwise."
        fields={[
          { name: 'prefix', label: 'Number prefix' },
          {
            name: 'restockingFeePercent',
            label: 'Restocking fee',
            type: 'percent',
            description: 'Of the returned goods; 0 keeps nothing',
          },
        ]}
      />
    </Stack>
  );
}

/** /s/order (7): numbering, the deposit asked, tax, terms and the confirmation email. */
export default function OrderSettingsPage() {
  const { can } = useCan();
  const settings = useSettings();
  return (
    <SettingsGroupPage
      title="Order settings"
      description="Numbering, deposits, tax rates, the warehouse orders ship from, and what the confirmation says."
      allowed={can(P.ORDER_SETTINGS)}
      form={(s) => (
        <Stack>
          <SettingsGroupForm
            group="orderSettings"
            current={s.orderSettings}
            saved="Order settings saved."
            intro="A new order is numbered with the prefix and the firm's next number (SO-1001)."
            fields={[
              { name: 'prefix', label: 'Number prefix' },
              { name: 'depositPercent', label: 'Deposit asked by default', type: 'percent' },
              {
                name: 'taxRateBps',
                label: 'Default tax rate (basis points)',
                type: 'number',
                description: '825 is 8.25 %: used where no rate below matches',
                max: 10_000,
              },
            ]}
            texts={[
              { name: 'terms', label: 'Terms', description: 'Printed under every order confirmation.' },
              { name: 'email', label: 'Confirmation email', description: 'Sent with the confirmation PDF attached.' },
            ]}
          />
          <OrderWarehouse current={s.orderWarehouseSettings.warehouse} />
          <TaxRates
            current={s.orderSettings.taxRates as TaxRate[]}
            classes={settings.data?.productSettings.taxClasses ?? []}
          />
          {can(P.RETURN_SETTINGS) && <ReturnSettings current={s.returnSettings} />}
        </Stack>
      )}
    />
  );
}
