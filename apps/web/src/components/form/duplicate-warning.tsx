import type { DuplicateMatch } from '@atelier/contracts';
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

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
