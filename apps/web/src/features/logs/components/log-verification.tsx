import type { AuditVerification } from '@atelier/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';

export const LOG_VERIFIED = 'Log verified';

/**
 * The firm's log is hash-chained (decision 0013): this checks the chain end to end and says so,
 * or names the first entry that no longer matches what was written.
 */
export function LogVerification() {
  const check = useQuery({
    queryKey: ['logs', 'verify'],
    queryFn: () => api<AuditVerification>('GET', '/logs/verify'),
    staleTime: 60_000,
  });
  const result = check.data;
  if (!result) return null;
  if (!result.verified) {
    const where = result.brokenAt ? `Entry ${result.brokenAt.seq} (${result.brokenAt._id})` : 'The end of the log';
    return (
      <Tooltip
        label={`${where} does not match what was written. Tell whoever runs your Atelier server.`}
        multiline
        w={280}
      >
        <Badge color="red" size="lg" variant="light" leftSection={<IconAlertTriangle size={14} />} tt="none">
          Log tampered
        </Badge>
      </Tooltip>
    );
  }
  const sealedAt = result.lastSealedAt ? `, last at ${formatDateTime(result.lastSealedAt)}` : '';
  const waiting =
    result.unsealed > 0
      ? ` ${result.unsealed} newer ${result.unsealed === 1 ? 'entry is' : 'entries are'} being sealed.`
      : '';
  return (
    <Tooltip
      label={`${result.sealed} entries sealed in an unbroken chain${sealedAt}: none was changed or removed.${waiting}`}
      multiline
      w={280}
    >
      <Badge color="green" size="lg" variant="light" leftSection={<IconShieldCheck size={14} />} tt="none">
        {LOG_VERIFIED}
      </Badge>
    </Tooltip>
  );
}
