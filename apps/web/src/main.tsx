import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { createRouter } from './app/router';
import { listenForPreloadErrors } from './app/shell/chunk-errors';
import { unreadNotificationsQuery } from './features/notifications/unread';
import { setNavigate } from './lib/navigate';
import { prefetchSession } from './lib/session';

listenForPreloadErrors();
const queryClient = createQueryClient();
// The unread notifications (the bell, the profile page's card) follow the restore at once rather
// than wait for the signed-in frame's code: on the profile page the card is drawn with them, and
// does not grow (and push the cards below it) when they arrive.
prefetchSession(queryClient, () => void queryClient.prefetchQuery(unreadNotificationsQuery));

const router = createRouter();
setNavigate((href) => void router.navigate(href));

// The first render as a transition: React draws it in slices and lets the browser answer
// between them, instead of one long task while a slow phone builds the whole page.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
