import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { hasSessionCookie, useSession } from '../../lib/session';
import { pageTitle } from '../../lib/title';
import { Frame } from './frame';
import { useScrollRestore } from './use-scroll-restore';

/**
 * The signed-in parts of the frame (menus, search, bell, profile menu, drawer) are a chunk of
 * their own, so the sign-in page and the other public pages load none of their code. When a
 * session is about to be restored, it starts loading now, beside the restore call.
 */
const loadSignedIn = () => import('./signed-in-frame');
const SignedInFrame = lazy(loadSignedIn);
if (typeof document !== 'undefined' && hasSessionCookie()) void loadSignedIn();

export function AppFrame() {
  const { profile } = useSession();
  const { pathname } = useLocation();
  useScrollRestore();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  if (!profile) return <Frame />;
  return (
    <Suspense fallback={<Frame loading />}>
      <SignedInFrame />
    </Suspense>
  );
}
