import { SessionProvider } from '../features/auth/session';
import { AppFrame } from './shell/app-frame';

export function RootLayout() {
  return (
    <SessionProvider>
      <AppFrame />
    </SessionProvider>
  );
}
