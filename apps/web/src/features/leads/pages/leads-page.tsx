import { P } from '@atelier/contracts';
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { LeadsBoard } from '../components/leads-board';
import { LeadsList } from '../components/leads-list';

/** Filters both views understand; the list's own (stage, archived, sort, page) stay behind. */
const SHARED = /^(q|filter\[(assigned|source|overdue)\]\[\])$/;

/** /u/leads: the pipeline board, or ?view=list for the list. */
export default function LeadsPage() {
  const { can, hasFeature } = useCan();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'list' ? 'list' : 'board';
  if (!can(P.MODIFY_LEADS)) return <NoAccess />;
  if (!hasFeature('lead_management'))
    return <NoAccess message="Your firm has not turned on lead management (Billing and modules)." />;
  const switcher = (
    <SegmentedControl
      aria-label="View"
      data={[
        { value: 'board', label: 'Board' },
        { value: 'list', label: 'List' },
      ]}
      value={view}
      onChange={(next) => {
        const kept = new URLSearchParams([...params].filter(([key]) => SHARED.test(key)));
        if (next === 'list') kept.set('view', 'list');
        setParams(kept);
      }}
    />
  );
  if (view === 'list') return <LeadsList actions={switcher} />;
  return (
    <Stack gap={0} maw={1800} mx="auto" w="100%">
      <PageHeader
        title="Leads"
        description="Your pipeline, from first contact to won or lost."
        actions={
          <>
            {switcher}
            <Button component={Link} to="/u/leads/new" leftSection={<IconPlus size={16} />}>
              New lead
            </Button>
          </>
        }
      />
      <LeadsBoard />
    </Stack>
  );
}
