import { KINDS, type Material, type MaterialInput } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';

export const materials = recordResource<Material, MaterialInput>(KINDS.raw_material);
