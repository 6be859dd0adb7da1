import { type Customer, KINDS, type Order } from '@atelier/contracts';
import { Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CompanySelect, CustomerSelect } from '../../../../components/form/pickers';
import { ApiError, api } from '../../../../lib/api';
import { showSubmitError } from '../../../../lib/forms';
import { orders } from '../../api';
import { orderValues } from '../../components/order-form';
import { stepHref, useDraft } from './draft';

/** One key per wizard started, kept for the tab: a create sent twice (a double click, a retry) makes one draft. */
function draftKey(): string {
  const saved = sessionStorage.getItem('create-order-key');
  if (saved) return saved;
  const key = crypto.randomUUID();
  sessionStorage.setItem('create-order-key', key);
  return key;
}

type NewCustomer = { firstName: string; lastName: string; email: string; phone: string; company: string | null };

/**
 * Step 1: who the order is for. An existing customer, or a new one (and their account) typed
 * here. The draft is made on the server now, so every later step is kept.
 */
export default function CustomerStep() {
  const { order, loading } = useDraft();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [customer, setCustomer] = useState<string | null>(order?.customer._id ?? null);
  const [typed, setTyped] = useState<NewCustomer>({ firstName: '', lastName: '', email: '', phone: '', company: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (loading) return <Loader aria-label="Loading the draft" />;
  const chosen = customer ?? order?.customer._id ?? null;

  const next = async () => {
    setBusy(true);
    setErrors({});
    try {
      let who = chosen;
      if (mode === 'new') {
        const made = await api<Customer>('POST', KINDS.customer.apiPath, {
          firstName: typed.firstName,
          lastName: typed.lastName,
          company: typed.company,
          emails: typed.email ? [{ label: 'Email', email: typed.email }] : [],
          phones: typed.phone ? [{ label: 'Phone', number: typed.phone }] : [],
        });
        who = made._id;
      }
      if (!who) {
        setErrors({ customer: 'Choose a customer, or add a new one.' });
        return;
      }
      const saved = order
        ? await api<Order>('PUT', orders.path(order._id), {
            ...orderValues(order),
            customer: who,
            version: order.version,
          })
        : await api<Order>('POST', orders.collection, { customer: who, lines: [] }, undefined, {
            idempotencyKey: draftKey(),
          });
      // The next wizard starts a new draft.
      sessionStorage.removeItem('create-order-key');
      queryClient.setQueryData(orders.detailsKey(saved._id), saved);
      navigate(stepHref('products', saved._id));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack>
        {order && (
          <Text size="sm" c="dimmed">
            Draft {order.number}
          </Text>
        )}
        <SegmentedControl
          aria-label="An existing customer or a new one"
          data={[
            { value: 'existing', label: 'Existing customer' },
            { value: 'new', label: 'New customer' },
          ]}
          value={mode}
          onChange={(v) => setMode(v as 'existing' | 'new')}
          w="fit-content"
        />
        {mode === 'existing' ? (
          <CustomerSelect
            label="Customer"
            required
            value={chosen}
            initial={order?.customer}
            onChange={setCustomer}
            error={errors.customer}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              withAsterisk
              value={typed.firstName}
              onChange={(e) => setTyped({ ...typed, firstName: e.currentTarget.value })}
              error={errors.firstName}
            />
            <TextInput
              label="Last name"
              value={typed.lastName}
              onChange={(e) => setTyped({ ...typed, lastName: e.currentTarget.value })}
              error={errors.lastName}
            />
            <TextInput
              label="Email"
              type="email"
              value={typed.email}
              onChange={(e) => setTyped({ ...typed, email: e.currentTarget.value })}
              error={errors['emails.0.email']}
            />
            <TextInput
              label="Phone"
              type="tel"
              value={typed.phone}
              onChange={(e) => setTyped({ ...typed, phone: e.currentTarget.value })}
              error={errors['phones.0.number']}
            />
            <CompanySelect
              label="Account"
              description="The business they buy for, if any"
              value={typed.company}
              onChange={(company) => setTyped({ ...typed, company })}
              error={errors.company}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button onClick={next} loading={busy}>
            Next: products
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
