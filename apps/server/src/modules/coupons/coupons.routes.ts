import {
  couponInputSchema,
  couponResultSchema,
  couponSchema,
  couponValidateSchema,
  SETTINGS_KINDS,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon, validateCoupon } from './coupons.service';

const kind = SETTINGS_KINDS.coupon;
const access = permission(kind.codes.modify);

export const couponRoutes = [
  defineRoute({
    method: 'GET',
    url: kind.apiPath,
    summary: 'The coupons, by code',
    access,
    response: z.array(couponSchema),
    handler: ({ db }) => listCoupons(db),
  }),
  defineRoute({
    method: 'POST',
    url: kind.apiPath,
    summary: 'Create a coupon',
    access,
    status: 201,
    body: couponInputSchema,
    response: couponSchema,
    handler: ({ db, actor, body }) => createCoupon(db, actor, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/validate`,
    summary: 'Whether a code applies to an order, and for how much',
    // Whoever takes an order checks a code (orders and, through its own door, the store).
    access: SIGNED_IN,
    body: couponValidateSchema,
    response: couponResultSchema,
    handler: ({ db, actor, body }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return validateCoupon(db, actor.firmId, body);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id`,
    summary: 'Read a coupon',
    access,
    params: idParams,
    response: couponSchema,
    handler: ({ db, params }) => getCoupon(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${kind.apiPath}/:id`,
    summary: 'Edit a coupon',
    access,
    params: idParams,
    body: withVersion(couponInputSchema),
    response: couponSchema,
    handler: ({ db, actor, params, body }) => updateCoupon(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${kind.apiPath}/:id`,
    summary: 'Delete a coupon no order used',
    access,
    status: 204,
    params: idParams,
    handler: ({ db, actor, params }) => deleteCoupon(db, actor, params.id),
  }),
];
