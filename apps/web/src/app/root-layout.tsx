import { SessionProvider } from '../lib/session';
import { AppFrame } from './shell/app-frame';

export function RootLayout() {
  return (
    <SessionProvider>
      <AppFrame />
    </SessionProvider>
  );
}
