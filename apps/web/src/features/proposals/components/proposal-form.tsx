import {
  lineValuesOf,
  PROPOSAL_STATUS_LABELS,
  type Proposal,
  type ProposalInput,
  type ProposalValues,
  type Settings,
  type StoredFile,
} from '@atelier/contracts';
import { Alert, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { DiscountInput } from '../../../components/documents/discount-input';
import { CustomerSelect, JobSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { estimate, savedLinesOf, unpricedWords } from '../proposal-totals';
import { CoverImageInput } from './proposal-images';
import { SectionsEditor } from './sections-editor';

type ProposalSettings = Settings['proposalSettings'];

/** A proposal as its form edits it; a new one starts from the proposal settings' terms and section approval. */
const proposalValues = (record: Proposal | undefined, settings: ProposalSettings | undefined): ProposalValues => ({
  customer: record?.customer._id ?? '',
  customerJob: record?.customerJob?._id ?? null,
  title: record?.title ?? '',
  coverImage: record?.coverImage?._id ?? null,
  validUntil: record?.validUntil.slice(0, 10) ?? null,
  shipTo: record?.shipTo ?? null,
  discount: record?.discount ?? null,
  shippingCents: record?.shippingCents ?? 0,
  deposit: record?.deposit ?? null,
  // Left empty (settings not loaded yet), the server writes the settings' terms in.
  terms: record ? record.terms : settings?.terms || null,
  sectionApproval: record ? record.sectionApproval : (settings?.sectionApproval ?? false),
  sections: (record?.sections ?? []).map((s) => ({
    id: s._id,
    title: s.title,
    body: s.body,
    images: s.images.map((i) => i._id),
    lines: lineValuesOf(s.lines),
  })),
});

/** The addresses of the pictures the record shows, by file id. */
const imageUrlsOf = (record: Proposal | undefined) =>
  Object.fromEntries(
    [...(record?.coverImage ? [record.coverImage] : []), ...(record?.sections ?? []).flatMap((s) => s.images)].map(
      (i) => [i._id, i.url],
    ),
  );

const EDITABLE: readonly Proposal['status'][] = ['draft', 'sent', 'viewed'];

/**
 * The totals under the sections. As typed: what the lines of known price come to after their
 * discounts, the proposal's discount and shipping. As saved (nothing changed since): the
 * server's figures, tax and deposit included.
 */
function ProposalTotals({
  form,
  record,
  currency,
}: {
  form: UseFormReturn<ProposalValues>;
  record?: Proposal;
  currency?: string;
}) {
  const [sections, discount, shippingCents, customer] = useWatch({
    control: form.control,
    name: ['sections', 'discount', 'shippingCents', 'customer'],
  });
  const { isDirty } = useFormState({ control: form.control });
  const money = (cents: number) => formatMoney(cents, currency);
  if (record && !isDirty)
    return (
      <Stack gap={2} align="flex-end" role="group" aria-label="Proposal totals">
        <Text size="sm">Subtotal {money(record.subtotalCents)}</Text>
        {record.discountCents > 0 && <Text size="sm">Discounts −{money(record.discountCents)}</Text>}
        {record.shippingCents > 0 && <Text size="sm">Shipping {money(record.shippingCents)}</Text>}
        <Text size="sm">Tax {money(record.taxCents)}</Text>
        <Text fw={700}>Total {money(record.totalCents)}</Text>
        {record.depositCents > 0 && (
          <Text size="sm" c="dimmed">
            Deposit asked {money(record.depositCents)}
          </Text>
        )}
      </Stack>
    );
  const figures = estimate(
    (sections ?? []).flatMap((s) => s.lines ?? []),
    savedLinesOf(record, customer),
    { discount, shippingCents },
  );
  const discounts = figures.lineDiscountCents + figures.orderDiscountCents;
  return (
    <Stack gap={2} align="flex-end" role="group" aria-label="Proposal totals">
      <Text size="sm">Subtotal {money(figures.subtotalCents)}</Text>
      {discounts > 0 && <Text size="sm">Discounts −{money(discounts)}</Text>}
      {figures.shippingCents > 0 && <Text size="sm">Shipping {money(figures.shippingCents)}</Text>}
      <Text fw={700}>Total before tax {money(figures.beforeTaxCents)}</Text>
      <Text size="xs" c={figures.error ? 'red.8' : 'dimmed'} ta="right">
        {figures.error ??
          [figures.unpriced > 0 ? unpricedWords(figures.unpriced) : '', 'Tax and the deposit are worked out on saving.']
            .filter(Boolean)
            .join(' ')}
      </Text>
    </Stack>
  );
}

/**
 * The proposal builder: for whom, its title and cover, until when it holds, the deposit, terms
 * and whether sections are approved one by one, a discount and shipping; then its sections, each
 * with its words, pictures and priced lines. Editing a sent proposal makes its next revision.
 */
export function ProposalForm(props: RecordFormProps<Proposal, ProposalInput>) {
  const { record } = props;
  const settings = useSettings().data;
  const taxClasses = settings?.productSettings.taxClasses ?? [];
  const currency = settings?.firmSettings.currency;
  const defaults = settings?.proposalSettings;
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  const images = {
    urls: { ...imageUrlsOf(record), ...uploaded },
    onUploaded: (file: StoredFile) => setUploaded((all) => ({ ...all, [file._id]: file.url })),
  };
  if (record && !EDITABLE.includes(record.status))
    return (
      <Alert color="blue" title={`${record.number} was ${PROPOSAL_STATUS_LABELS[record.status].toLowerCase()}`}>
        It can no longer be changed.
      </Alert>
    );
  return (
    <RecordForm<Proposal, ProposalValues>
      {...(props as unknown as RecordFormProps<Proposal, ProposalValues>)}
      values={(r) => proposalValues(r, defaults)}
      fields={[
        { name: 'title', label: 'Title', placeholder: 'Kitchen and bathroom remodel' },
        {
          name: 'customer',
          label: 'Customer',
          render: (f, error) => (
            <Controller
              control={f.control}
              name="customer"
              render={({ field }) => (
                <CustomerSelect
                  label="Customer"
                  required
                  value={field.value || null}
                  initial={record?.customer}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={error}
                />
              )}
            />
          ),
        },
        {
          name: 'customerJob',
          label: 'Job',
          render: (f, error) => (
            <Controller
              control={f.control}
              name="customerJob"
              render={({ field }) => (
                <JobSelect
                  label="Job"
                  value={field.value ?? null}
                  initial={record?.customerJob}
                  onChange={field.onChange}
                  error={error}
                />
              )}
            />
          ),
        },
        {
          name: 'validUntil',
          label: 'Valid until',
          type: 'date',
          description: defaults
            ? `${defaults.validDays} days from today unless set (proposal settings).`
            : 'The proposal settings’ days from today unless set.',
        },
        {
          name: 'deposit',
          label: 'Deposit',
          render: (f, error) => (
            <Controller
              control={f.control}
              name="deposit"
              render={({ field }) => (
                <DiscountInput
                  label="Deposit"
                  description={
                    defaults
                      ? `Paid up front: ${defaults.depositPercent} % of the total unless set.`
                      : 'Paid up front: the proposal settings’ percentage unless set.'
                  }
                  value={field.value}
                  onChange={field.onChange}
                  error={error}
                />
              )}
            />
          ),
        },
        {
          name: 'discount',
          label: 'Discount',
          render: (f, error) => (
            <Controller
              control={f.control}
              name="discount"
              render={({ field }) => (
                <DiscountInput
                  label="Discount"
                  description="Spread over the lines before tax."
                  value={field.value}
                  onChange={field.onChange}
                  error={error}
                />
              )}
            />
          ),
        },
        { name: 'shippingCents', label: 'Shipping', type: 'money' },
      ]}
    >
      {(form) => (
        <>
          {record && record.status !== 'draft' && (
            <Alert color="yellow">
              {record.number} was sent to the client: saving a change makes revision {record.revision + 1}, which you
              send again. The link sent before then says it was replaced.
            </Alert>
          )}
          <Controller
            control={form.control}
            name="coverImage"
            render={({ field, fieldState }) => (
              <CoverImageInput
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                {...images}
              />
            )}
          />
          <Textarea
            label="Terms"
            description="Printed under the proposal; the client accepts them when approving."
            autosize
            minRows={3}
            {...form.register('terms')}
            error={form.formState.errors.terms?.message}
          />
          <Controller
            control={form.control}
            name="sectionApproval"
            render={({ field }) => (
              <Switch
                label="The client may approve each section on its own"
                description="The kitchen now, the bathroom later; otherwise the proposal is approved as a whole."
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <SectionsEditor form={form} record={record} taxClasses={taxClasses} currency={currency} images={images} />
          <ProposalTotals form={form} record={record} currency={currency} />
        </>
      )}
    </RecordForm>
  );
}
