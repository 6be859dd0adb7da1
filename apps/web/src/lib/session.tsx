import { type Profile, SESSION_HINT_COOKIE, type SignInBody } from '@atelier/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authApi, authKeys } from './auth-api';
import { onSessionExpired } from './session-events';
import { toast } from './toast';

export const SESSION_EXPIRED_TOAST = 'Your login has expired, please login again.';

type SessionStatus = 'loading' | 'signed-in' | 'signed-out';
type Session = {
  status: SessionStatus;
  profile: Profile | null;
  signIn: (body: SignInBody) => Promise<Profile>;
  signOut: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

/** Whether a session is likely to be restored: the hint cookie the server sets beside the session. */
export function hasSessionCookie(): boolean {
  return document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** The session restore (spec section 4): the profile, when the cookie says there is a session. */
const restoreQuery = {
  queryKey: authKeys.profile,
  queryFn: async (): Promise<Profile | null> => (hasSessionCookie() ? authApi.restore() : null),
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
};

/**
 * Starts the restore before the first page's code has loaded, so the two travel side by side
 * rather than one after the other; the session's own query takes the answer over. Once a
 * session is restored, `thenSignedIn` starts what signed-in pages fetch first.
 */
export function prefetchSession(client: QueryClient, thenSignedIn?: () => void): void {
  if (!hasSessionCookie()) return;
  void client.prefetchQuery(restoreQuery).then(() => {
    if (client.getQueryData(restoreQuery.queryKey)) thenSignedIn?.();
  });
}

/**
 * Holds the signed-in user. On start-up, when a session cookie is present, restores the
 * session (spec section 4); when any call finds the session gone, says so and returns to `/`.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const restore = useQuery(restoreQuery);
  const profile = restore.data ?? null;

  const clear = useCallback(() => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.profile[0] });
    queryClient.setQueryData(authKeys.profile, null);
  }, [queryClient]);

  useEffect(
    () =>
      onSessionExpired(() => {
        toast({ type: 'error', message: SESSION_EXPIRED_TOAST });
        clear();
        navigate('/');
      }),
    [clear, navigate],
  );

  const signIn = useCallback(
    async (body: SignInBody) => {
      const signedIn = await authApi.signIn(body);
      queryClient.setQueryData(authKeys.profile, signedIn);
      toast({ type: 'success', message: `Welcome ${signedIn.first_name}!` });
      if (location.pathname === '/') navigate('/u/profile');
      return signedIn;
    },
    [queryClient, navigate, location.pathname],
  );

  const signOut = useCallback(async () => {
    // Spec section 8: "Goodbye" even if the call fails; session storage is cleared too.
    await authApi.signOut().catch(() => undefined);
    toast({ type: 'info', message: 'Goodbye' });
    window.sessionStorage.clear();
    clear();
    navigate('/');
  }, [clear, navigate]);

  const status: SessionStatus = restore.isPending ? 'loading' : profile ? 'signed-in' : 'signed-out';
  const value = useMemo(() => ({ status, profile, signIn, signOut }), [status, profile, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in user, inside pages that RequireSession guards. */
export function useProfile(): Profile {
  const { profile } = useSession();
  if (!profile) throw new Error('useProfile without a signed-in user');
  return profile;
}

/** The zone the firm counts its days in: times of the timesheet are shown and entered in it. */
export const useFirmTimeZone = (): string => useProfile().firm.timeZone;
