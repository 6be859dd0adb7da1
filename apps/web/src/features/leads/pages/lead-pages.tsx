import { LEAD_STATUS_LABELS, type Lead, P } from '@atelier/contracts';
import { Badge, Blockquote, Button, Card, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCheck } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { leads, useLeadSettings } from '../api';
import { STATUS_COLORS } from '../components/lead-status';
import { StageCard } from '../components/stage-card';
import LeadsPage from './leads-page';

const LeadForm = lazyNamed(() => import('../components/lead-form'), 'LeadForm');
const ConvertModal = lazyNamed(() => import('../components/convert-modal'), 'ConvertModal');

/** Its stage, company, value and next follow-up (red once overdue). */
function Subtitle({ lead }: { lead: Lead }) {
  const { currency } = useLeadSettings();
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
      {opened && (
        <Suspense>
          <ConvertModal lead={lead} opened onClose={modal.close} />
        </Suspense>
      )}
    </>
  );
}

/** Leads: the pipeline's people, from first contact to won (converted to a customer) or lost. */
export default {
  ...recordPages({
    resource: leads,
    form: (props) => <LeadForm {...props} />,
    newDescription: 'It starts in the New column of the pipeline.',
    subtitle: (l) => <Subtitle lead={l} />,
    actions: (l) => <ConvertAction lead={l} />,
    deleteText:
      'Deleting removes the lead for good, with its interactions and files. Archive it instead to keep its history out of the way.',
    details: {
      above: (l) => (
        <>
          <StageCard lead={l} />
          {l.message && (
            <Card withBorder padding="lg">
              <Text fw={600} mb="xs">
                What they wrote on your website
              </Text>
              <Blockquote p="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {l.message}
              </Blockquote>
            </Card>
          )}
        </>
      ),
    },
  }),
  // The board, or the list with ?view=list.
  List: LeadsPage,
};
