import { can, canAny } from '@atelier/contracts';
import { useSession } from './session';

/** The client's permission check: it only hides things; the server decides. */
export function useCan() {
  const { profile } = useSession();
  return {
    can: (code: number) => can(profile, code),
    canAny: (codes: readonly number[]) => canAny(profile, codes),
    hasFeature: (feature: string) => Boolean(profile?.firm.features.includes(feature)),
  };
}
