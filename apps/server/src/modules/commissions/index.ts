// The commissions module's public entry: the wiring imports it from here only (decision 0018).
export * from './commissions.module';
export { listCommissions, payOutCommissions, settleCommissions } from './commissions.service';
export * from './commissions.table';
