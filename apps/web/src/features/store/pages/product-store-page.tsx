import { P, storePath } from '@atelier/contracts';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { StoreSettingsForm } from '../components/store-settings-form';

const BASE = '/f/product-store';

/**
 * /f/product-store with the store's sub-paths (spec section 2): the firm's own store as its
 * visitors see it, the same pages the server draws at /store/{slug}/…, shown in a frame whose
 * address the app's follows (so a page of it can be bookmarked or shared with a colleague),
 * with the store's settings (94) a button away.
 */
export default function ProductStorePage() {
  const { can, hasFeature } = useCan();
  const settings = useSettings();
  const location = useLocation();
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const slug = settings.data?.firmSettings.slug ?? null;
  const sub = location.pathname.startsWith(`${BASE}/`) ? location.pathname.slice(BASE.length + 1) : '';
  const wanted = slug ? `${storePath(slug)}${sub}${location.search}` : null;
  // The frame's own address: set from the app's when the app moves (back, a link), not when the frame did.
  const [src, setSrc] = useState(wanted);
  const shown = useRef(wanted);
  useEffect(() => {
    if (wanted && wanted !== shown.current) {
      shown.current = wanted;
      setSrc(wanted);
    }
  }, [wanted]);

  if (!can(P.MODIFY_STORE) || !hasFeature('product_store')) return <NoAccess />;
  if (settings.isPending) return <Loader />;

  const followFrame = () => {
    const at = frame.current?.contentWindow?.location;
    if (!at || !slug || !at.pathname.startsWith(storePath(slug))) return;
    const inside = `${at.pathname.slice(storePath(slug).length)}${at.search}`;
    const next = `${storePath(slug)}${inside}`;
    if (next === shown.current) return;
    shown.current = next;
    navigate(`${BASE}${inside ? `/${inside}` : ''}`, { replace: false });
  };

  return (
    <Stack gap="sm">
      <PageHeader
        title="Product store"
        description={slug ? `Your store as visitors see it, at ${storePath(slug)}` : undefined}
        actions={
          <Group gap="xs">
            {slug && (
              <Button component="a" href={wanted ?? undefined} target="_blank" rel="noopener" variant="default">
                Open in a new tab
              </Button>
            )}
            <Button onClick={edit.open}>Store settings</Button>
          </Group>
        }
      />
      {!slug ? (
        <Alert color="yellow" title="Your store has no address yet">
          <Text size="sm">
            Choose your firm’s public address in{' '}
            <Anchor component={Link} to="/s/firm">
              Firm settings
            </Anchor>
            : the store lives at /store/your-address/.
          </Text>
        </Alert>
      ) : (
        <iframe
          ref={frame}
          title="Your product store"
          src={src ?? undefined}
          onLoad={followFrame}
          style={{
            width: '100%',
            height: 'calc(100dvh - 220px)',
            minHeight: 480,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
          }}
        />
      )}
      <Modal opened={editing} onClose={edit.close} title="Store settings" size="lg">
        {settings.data && <StoreSettingsForm settings={settings.data} />}
      </Modal>
    </Stack>
  );
}
