import { type Ambassador, type AmbassadorInput, KINDS } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';

export const ambassadors = recordResource<Ambassador, AmbassadorInput>(KINDS.ambassador);
