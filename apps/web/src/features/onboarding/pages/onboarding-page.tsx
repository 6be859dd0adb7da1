import { DEFAULT_LOGO, FEATURE_KEYS, FEATURES, firmSettingsSchema, P } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ImageInput } from '../../../components/image-input';
import { NoAccess } from '../../../components/no-access';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useBilling, useSetFeatures } from '../../billing/api';
import { ModulePicker } from '../../billing/components/module-picker';
import { useRoles, useStaff } from '../../organization/api';
import { InviteForm } from '../../organization/components/invite-form';
import { useFirmSettings } from '../../settings/firm-settings';
import { CURRENCIES, TIME_ZONES } from '../../settings/pages/firm-general-tab';
import { useSaveWarehouse, useWarehouses } from '../../warehouses/api';
import { WarehouseForm } from '../../warehouses/components/warehouse-form';
import { useCompleteOnboarding } from '../api';

const firmStepSchema = firmSettingsSchema.pick({
  name: true,
  logo: true,
  website: true,
  currency: true,
  timeZone: true,
});

function FirmStep({ onDone }: { onDone: () => void }) {
  const firm = useFirmSettings();
  const current = firm.current;
  const form = useForm({
    resolver: zodResolver(firmStepSchema),
    values: current && {
      name: current.name,
      logo: current.logo,
      website: current.website,
      currency: current.currency,
      timeZone: current.timeZone,
    },
  });
  if (!current) return <Loader />;
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await firm.save(values);
      onDone();
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  return (
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
                allowDeselect={false}
                error={e.timeZone?.message}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save and continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ModulesStep({ onDone }: { onDone: () => void }) {
  const billing = useBilling();
  const setFeatures = useSetFeatures();
  const [selected, setSelected] = useState<string[] | null>(null);
  useEffect(() => {
    // A new firm starts with the modules that cost nothing ticked.
    if (billing.data && selected === null) {
      setSelected(
        billing.data.features.length
          ? billing.data.features
          : FEATURE_KEYS.filter((k) => FEATURES[k].monthlyPriceCents === 0),
      );
    }
  }, [billing.data, selected]);
  if (!billing.data || !selected) return <Loader />;
  return (
    <Stack>
      <ModulePicker billing={billing.data} value={selected} onChange={setSelected} />
      <Group justify="flex-end">
        <Button
          loading={setFeatures.isPending}
          onClick={() => setFeatures.mutateAsync(selected).then(onDone, (error) => showSubmitError(error))}
        >
          Save and continue
        </Button>
      </Group>
    </Stack>
  );
}

function WarehouseStep({ onDone }: { onDone: () => void }) {
  const warehouses = useWarehouses();
  const save = useSaveWarehouse(undefined);
  if (warehouses.isPending) return <Loader />;
  const existing = warehouses.data ?? [];
  if (existing.length > 0) {
    return (
      <Stack>
        <Text>
          Your warehouse: <b>{existing[0]!.name}</b>
          {existing.length > 1 ? ` and ${existing.length - 1} more` : ''}. You can add more under Settings.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onDone}>Continue</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <WarehouseForm
      submitLabel="Create warehouse and continue"
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ ...input, isDefault: true });
          onDone();
        } catch (error) {
          showSubmitError(error);
          throw error;
        }
      }}
    />
  );
}

function TeamStep({ onDone }: { onDone: () => void }) {
  const roles = useRoles();
  const staff = useStaff();
  const invited = (staff.data ?? []).filter((s) => s.invited);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Each person gets an email with a link to choose their password. You can skip this and invite people later.
      </Text>
      <InviteForm roles={roles.data ?? []} />
      {invited.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Invited
          </Text>
          {invited.map((s) => (
            <Group key={s._id} gap="xs">
              <Text size="sm">
                {s.first_name} {s.last_name} · {s.email}
              </Text>
              <Badge size="xs" color="yellow">
                Invited
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone}>Continue</Button>
      </Group>
    </Stack>
  );
}

function FinishStep() {
  const complete = useCompleteOnboarding();
  const navigate = useNavigate();
  const [sampleData, setSampleData] = useState(true);
  return (
    <Stack>
      <Checkbox
        checked={sampleData}
        onChange={(e) => setSampleData(e.currentTarget.checked)}
        label="Load sample data"
        description="Starter roles (Sales, Warehouse, Accounting) and departments (Design, Installation, Office) to adjust rather than type in."
      />
      <Group justify="flex-end">
        <Button
          loading={complete.isPending}
          onClick={() =>
            complete.mutateAsync(sampleData).then(
              () => {
                toastSuccess('Your firm is ready.');
                navigate('/u/profile/tutorial');
              },
              (error) => showSubmitError(error),
            )
          }
        >
          Finish setup
        </Button>
      </Group>
    </Stack>
  );
}

export default function OnboardingPage() {
  const { can } = useCan();
  const [active, setActive] = useState(0);
  if (!can(P.MODIFY_FIRM_SETTINGS)) return <NoAccess message="Only an administrator of your firm can set it up." />;
  const next = () => setActive((a) => a + 1);
  return (
    <Stack maw={900} mx="auto">
      <div>
        <Title order={1} size="h2">
          Set up your firm
        </Title>
        <Text c="dimmed">A few steps, and Atelier is ready for your team.</Text>
      </div>
      <Card withBorder padding="lg">
        <Stepper
          active={active}
          onStepClick={setActive}
          allowNextStepsSelect={false}
          size="sm"
          orientation="horizontal"
          wrap
        >
          <Stepper.Step label="Your firm">
            <FirmStep onDone={next} />
          </Stepper.Step>
          <Stepper.Step label="Modules">
            <ModulesStep onDone={next} />
          </Stepper.Step>
          <Stepper.Step label="Warehouse">
            <WarehouseStep onDone={next} />
          </Stepper.Step>
          <Stepper.Step label="Team">
            <TeamStep onDone={next} />
          </Stepper.Step>
          <Stepper.Step label="Finish">
            <FinishStep />
          </Stepper.Step>
        </Stepper>
      </Card>
    </Stack>
  );
}
