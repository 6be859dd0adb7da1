import { type DuplicateMatch, type RecordKind, recordHref } from '@atelier/contracts';
import { Alert, Anchor } from '@mantine/core';
import { type Control, type FieldValues, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { DuplicateQuery } from '../record/resource';

/** Records that look like the one being entered, each with why: a warning, never a block. */
export function DuplicateWarning(props: {
  matches: DuplicateMatch[] | undefined;
  title: string;
  href: (id: string) => string;
}) {
  if (!props.matches?.length) return null;
  return (
    <Alert color="yellow" title={props.title} role="status">
      {props.matches.map((d) => (
        <div key={d._id}>
          <Anchor component={Link} to={props.href(d._id)}>
            {d.name}
          </Anchor>{' '}
          ({d.reason})
        </div>
      ))}
    </Alert>
  );
}

/** The name, email and phone fields, for kinds whose form has one of each. */
const nameEmailPhone = (v: FieldValues): DuplicateQuery => ({ name: v.name, email: v.email, phone: v.phone });

/**
 * The kind's records like the one being typed ("This may already be an ambassador"), linked to
 * their pages. It watches the form itself, and only what it compares. `query` reads the
 * name, email and phone from the form's values (its `name`, `email` and `phone` unless said).
 */
export function DuplicateCheck<V extends FieldValues>(props: {
  resource: {
    kind: RecordKind;
    useDuplicates: (values: DuplicateQuery, exclude: string | undefined) => { data?: DuplicateMatch[] };
  };
  control: Control<V>;
  exclude: string | undefined;
  query?: (values: V) => DuplicateQuery;
}) {
  const { kind } = props.resource;
  const query = useWatch({ control: props.control, compute: props.query ?? nameEmailPhone });
  const duplicates = props.resource.useDuplicates(query, props.exclude);
  return (
    <DuplicateWarning
      matches={duplicates.data}
      title={`This may already be ${/^[aeiou]/i.test(kind.noun) ? 'an' : 'a'} ${kind.noun}`}
      href={(id) => recordHref(kind, id)}
    />
  );
}
