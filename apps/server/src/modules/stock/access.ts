import { hasCode, KINDS } from '@atelier/contracts';
import { type Actor, permission } from '../../platform/http/access';

// Stock is the products' (modify-products, 1) and, for raw materials, the materials' (34, module `materials`).
export const productsAccess = permission(KINDS.product.codes.modify);
export const materialsAccess = permission(KINDS.raw_material.codes.modify, KINDS.raw_material.feature);

/** Whether the actor may see and move materials' stock: their module on and its code held. */
export const mayUseMaterials = (actor: Actor) =>
  actor.features.includes(KINDS.raw_material.feature!) && hasCode(actor.codes, materialsAccess.code);
