// The wholesale module's public entry (decision 0018): orders and quotes price an account's lines with it.

export * from './company-prices.table';
export { companyPriceBook, priceBookFor } from './pricing.service';
export * from './wholesale.module';
