import { type CustomerJob, KINDS, LIEN_STATUS_LABELS, recordHref } from '@atelier/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMayOpen } from '../../../components/record/may-open';
import { useLienOfJob } from '../api';

/**
 * On a customer's job, for whoever keeps liens in a firm with the module: the job's lien record,
 * or a link that starts one for it.
 */
export function JobLienLine({ job }: { job: CustomerJob }) {
  const may = useMayOpen(KINDS.lien) && job.customer !== null;
  const lien = useLienOfJob(job._id, may);
  if (!may || lien.isPending || lien.error) return null;
  return (
    <Text size="sm">
      Lien record:{' '}
      {lien.data ? (
        <>
          <Anchor component={Link} to={recordHref(KINDS.lien, lien.data._id)} inherit>
            {lien.data.name}
          </Anchor>{' '}
          ({LIEN_STATUS_LABELS[lien.data.status]})
        </>
      ) : (
        <Anchor component={Link} to={`${KINDS.lien.webPath}/new?job=${job._id}`} inherit>
          Start a lien record
        </Anchor>
      )}
    </Text>
  );
}
