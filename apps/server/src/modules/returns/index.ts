// The returns module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './returns.module';
export { returnType } from './returns.service';
export * from './returns.table';
export { vendorClaimType } from './vendor-claims.service';
