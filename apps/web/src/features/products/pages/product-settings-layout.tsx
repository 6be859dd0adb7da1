import { P } from '@atelier/contracts';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { RoutedTabs } from '../../../components/routed-tabs';
import { useCan } from '../../../lib/permissions';

const TABS = [
  { value: '/s/product', label: 'Settings', code: P.PRODUCT_SETTINGS },
  { value: '/s/product/templates', label: 'Templates', code: P.MODIFY_PRODUCT_TEMPLATES },
];

/** /s/product with routed tabs: the product settings (3) and the product templates (74). */
export default function ProductSettingsLayout() {
  const { can } = useCan();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = TABS.filter((t) => can(t.code));
  const path = pathname.replace(/\/$/, '');
  if (tabs.length === 0) return <NoAccess />;
  // Someone with the templates code alone lands on the templates.
  if (!tabs.some((t) => t.value === path)) return <Navigate to={tabs[0]!.value} replace />;
  return (
    <>
      <PageHeader
        title="Product settings"
        description="How new products are numbered and sold, the tax classes they take, and the templates they start from."
      />
      <RoutedTabs value={path} tabs={tabs} onChange={navigate} mb="lg" />
      <Outlet />
    </>
  );
}
