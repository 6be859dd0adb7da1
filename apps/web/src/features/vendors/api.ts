import { KINDS, type Vendor, type VendorInput } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';

export const vendors = recordResource<Vendor, VendorInput>(KINDS.vendor);
