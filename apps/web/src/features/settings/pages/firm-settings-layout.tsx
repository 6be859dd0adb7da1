import { P } from '@atelier/contracts';
import { Loader, Text } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { RoutedTabs } from '../../../components/routed-tabs';
import { useCan } from '../../../lib/permissions';
import { useFirmSettings } from '../firm-settings';

const TABS = [
  { value: '/s/firm', label: 'Settings', code: P.MODIFY_FIRM_SETTINGS },
  { value: '/s/firm/banking', label: 'Banking', code: P.MODIFY_FIRM_SETTINGS },
  { value: '/s/firm/payments', label: 'Payments', code: P.MODIFY_FIRM_SETTINGS },
  { value: '/s/firm/integrations', label: 'Integrations', code: P.MODIFY_INTEGRATIONS },
];

/** /s/firm with routed tabs: each tab is its own address. */
export default function FirmSettingsLayout() {
  const { can } = useCan();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const firm = useFirmSettings();
  const tabs = TABS.filter((t) => can(t.code));
  const path = pathname.replace(/\/$/, '');
  if (tabs.length === 0) return <NoAccess />;
  // Someone with the integrations code alone may open that tab, not the firm's settings.
  const mayOpen = tabs.some((t) => t.value === path);
  return (
    <>
      <PageHeader
        title="Firm settings"
        description="How your firm appears on documents, in emails and in your store."
      />
      <RoutedTabs value={path} tabs={tabs} onChange={navigate} mb="lg" />
      {!mayOpen ? (
        <NoAccess />
      ) : firm.isPending ? (
        <Loader />
      ) : firm.error ? (
        <Text c="red">{firm.error.message}</Text>
      ) : (
        <Outlet />
      )}
    </>
  );
}
