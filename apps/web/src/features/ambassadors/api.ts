import { type Ambassador, type AmbassadorInput, KINDS } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';

export const ambassadors = recordResource<Ambassador, AmbassadorInput>(KINDS.ambassador);

/** Ambassadors like the one being typed (same name, email or phone). */
export const useAmbassadorDuplicates = (values: { name?: string; email?: string; phone?: string }, exclude?: string) =>
  ambassadors.useDuplicates(values, exclude, (q) =>
    Boolean(q.name?.trim() || q.email?.includes('@') || (q.phone?.replace(/\D/g, '').length ?? 0) >= 7),
  );
