import { LEAD_STATUS_LABELS, type Lead, P } from '@atelier/contracts';
import { Badge, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { ArchiveActions } from '../../../components/record/archive-actions';
import { DetailLayout } from '../../../components/record/detail-layout';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { leads, useLeadSettings } from '../api';
import { ConvertModal } from '../components/convert-modal';
import { STATUS_COLORS } from '../components/lead-status';

function Subtitle({ lead, currency }: { lead: Lead; currency: string }) {
  return (
    <>
      <Badge component="span" color={STATUS_COLORS[lead.status]} variant="light" mr={6}>
        {LEAD_STATUS_LABELS[lead.status]}
      </Badge>
      {[lead.companyName, lead.estimatedValueCents > 0 && formatMoney(lead.estimatedValueCents, currency)]
        .filter(Boolean)
        .join(' · ')}
      {lead.nextFollowUp && (
        <>
          {lead.companyName || lead.estimatedValueCents > 0 ? ' · ' : ''}
          <Text component="span" inherit c={lead.overdue ? 'red' : undefined} fw={lead.overdue ? 600 : undefined}>
            Follow up {formatDate(lead.nextFollowUp)}
          </Text>
          {lead.overdue && (
            <Badge component="span" color="red" size="xs" variant="filled" ml={6}>
              Overdue
            </Badge>
          )}
        </>
      )}
    </>
  );
}

/** Convert, or where the lead went when it was converted. */
function ConvertAction({ lead }: { lead: Lead }) {
  const { can } = useCan();
  const [opened, modal] = useDisclosure(false);
  if (lead.convertedTo) {
    return (
      <Button component={Link} to={`/u/customers/${lead.convertedTo.customer._id}`} variant="light" color="green">
        Converted to {lead.convertedTo.customer.name}
      </Button>
    );
  }
  if (!can(P.MODIFY_USERS) || lead.archived) return null;
  return (
    <>
      <Button leftSection={<IconUserCheck size={16} />} onClick={modal.open}>
        Convert
      </Button>
      <ConvertModal lead={lead} opened={opened} onClose={modal.close} />
    </>
  );
}

export default function LeadLayout() {
  const { id = '' } = useParams();
  const { can, hasFeature } = useCan();
  const { currency } = useLeadSettings();
  const lead = leads.useRecord(id);
  if (!can(P.MODIFY_LEADS) || !hasFeature('lead_management')) return <NoAccess />;
  return (
    <DetailLayout<Lead>
      resource={leads}
      id={id}
      record={lead.data}
      loading={lead.isPending}
      error={lead.error}
      title={(l) => l.name}
      subtitle={(l) => <Subtitle lead={l} currency={currency} />}
      archived={(l) => l.archived}
      actions={(l) => (
        <>
          <ConvertAction lead={l} />
          {can(P.DELETE_LEADS) && (
            <ArchiveActions
              record={l}
              resource={leads}
              listHref="/u/leads"
              deleteText="Deleting removes the lead for good, with its interactions and files. Archive it instead to keep its history out of the way."
            />
          )}
        </>
      )}
    />
  );
}
