import { defineModule } from '../../platform/modules/define-module';
import { couponsDemo } from './coupons.demo';
import { couponRoutes } from './coupons.routes';

/** Discount codes: their rules, the check an order or the store asks, and redemption on confirmation. */
export const couponsModule = defineModule({ name: 'coupons', routes: couponRoutes, seeds: [couponsDemo] });
