import { SETTINGS_GROUPS } from '@atelier/contracts';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { RoutedTabs } from '../../../components/routed-tabs';
import { useCan } from '../../../lib/permissions';

const BASE = '/s/project-management';
const TABS = [
  { value: `${BASE}/settings`, label: 'Settings' },
  { value: `${BASE}/templates`, label: 'Templates' },
];

/** /s/project-management (spec section 2): the board's settings and the project templates (162). */
export default function ProjectSettingsLayout() {
  const { can, hasFeature } = useCan();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const group = SETTINGS_GROUPS.kanbanSettings;
  if (!can(group.permission) || !hasFeature(group.feature)) return <NoAccess />;
  const path = pathname.replace(/\/$/, '');
  if (path === BASE) return <Navigate to={TABS[0]!.value} replace />;
  const tab = TABS.find((t) => path.startsWith(t.value))?.value ?? TABS[0]!.value;
  return (
    <>
      <PageHeader
        title="Project management"
        description="The task board's columns and task types, what makes tasks by itself, and the templates jobs start from."
      />
      <RoutedTabs value={tab} tabs={TABS} onChange={navigate} mb="lg" />
      <Outlet />
    </>
  );
}
