import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { createRouter } from './app/router';
import { listenForPreloadErrors } from './app/shell/chunk-errors';

listenForPreloadErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
