// The coupons module's public entry (decision 0018): orders redeem codes through it.
export { couponForOrder, redeemCoupon, releaseCoupon, validateCoupon } from './coupons.service';
export * from './coupons.table';
