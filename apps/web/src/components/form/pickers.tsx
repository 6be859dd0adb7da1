import { type ListPage, P } from '@atelier/contracts';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { usePeople } from '../people';

type Props = {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  description?: string;
  /** Marked as needed (an asterisk); what happens without it is the form's to say. */
  required?: boolean;
  /** What shows when nobody is chosen (a filter: "Everyone"). */
  placeholder?: string;
};

export function PersonSelect({ label, value, onChange, error, description, required, placeholder }: Props) {
  const people = usePeople();
  return (
    <Select
      label={label}
      description={description}
      withAsterisk={required}
      placeholder={placeholder ?? 'Nobody'}
      data={(people.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
      value={value}
      onChange={onChange}
      error={error}
      clearable
      searchable
      // Picking the chosen person again keeps them; the clear button is for nobody.
      allowDeselect={false}
    />
  );
}

/** Picks a record by searching its list (it may be long): accounts, customers, jobs, ambassadors, products, materials. */
function RecordSelect(
  props: Props & {
    endpoint: '/companies' | '/customers' | '/ambassadors' | '/products' | '/materials' | '/vendors' | '/customer-jobs';
    empty: string;
    notFound: string;
    initial?: { _id: string; name: string } | null;
    /** Only the records of this customer (their jobs). */
    customer?: string | null;
  },
) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: [`${props.endpoint}-picker`, q, props.customer ?? null],
    queryFn: () =>
      api<ListPage<{ _id: string; name: string }>>('GET', props.endpoint, undefined, {
        q: q || undefined,
        limit: 20,
        'filter[customer]': props.customer ? [props.customer] : undefined,
      }),
  });
  const options = new Map<string, string>();
  if (props.initial) options.set(props.initial._id, props.initial.name);
  for (const c of found.data?.items ?? []) options.set(c._id, c.name);
  return (
    <Select
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      placeholder={props.empty}
      data={[...options].map(([v, l]) => ({ value: v, label: l }))}
      value={props.value}
      onChange={props.onChange}
      onSearchChange={setSearch}
      searchable
      clearable
      filter={({ options: o }) => o}
      error={props.error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : props.notFound}
    />
  );
}

export const CompanySelect = (props: Props & { initial?: { _id: string; name: string } | null }) => (
  <RecordSelect {...props} endpoint="/companies" empty="No account" notFound="No account found" />
);

export const CustomerSelect = (props: Props & { initial?: { _id: string; name: string } | null }) => (
  <RecordSelect {...props} endpoint="/customers" empty="No customer" notFound="No customer found" />
);

/** A job, among all the firm's or (`customer`) only that customer's. */
export const JobSelect = (
  props: Props & { initial?: { _id: string; name: string } | null; customer?: string | null },
) => <RecordSelect {...props} endpoint="/customer-jobs" empty="No job" notFound="No job found" />;

export const AmbassadorSelect = (props: Props & { initial?: { _id: string; name: string } | null }) => (
  <RecordSelect {...props} endpoint="/ambassadors" empty="Nobody referred them" notFound="No ambassador found" />
);

export const ProductSelect = (props: Props & { initial?: { _id: string; name: string } | null }) => (
  <RecordSelect {...props} endpoint="/products" empty="Search the products" notFound="No product found" />
);

export const VendorSelect = (props: Props & { initial?: { _id: string; name: string } | null }) => (
  <RecordSelect {...props} endpoint="/vendors" empty="Search the vendors" notFound="No vendor found" />
);

export const MaterialSelect = (props: Props) => (
  <RecordSelect {...props} endpoint="/materials" empty="Search the materials" notFound="No material found" />
);

/**
 * A record's "Referred by" (its `ambassador`): picked among the ambassadors by holders of code 88;
 * for everyone else the referrer is shown, and kept as it is.
 */
export function ReferredByField<V extends FieldValues>(props: {
  form: UseFormReturn<V>;
  error?: string;
  initial?: { _id: string; name: string } | null;
}) {
  const { can } = useCan();
  if (!can(P.MODIFY_AMBASSADORS))
    return props.initial ? <TextInput label="Referred by" value={props.initial.name} readOnly /> : null;
  return (
    <Controller
      control={props.form.control}
      name={'ambassador' as Path<V>}
      render={({ field }) => (
        <AmbassadorSelect
          label="Referred by"
          value={field.value ?? null}
          onChange={field.onChange}
          error={props.error}
          initial={props.initial}
        />
      )}
    />
  );
}
