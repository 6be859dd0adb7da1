// The deliveries module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './deliveries.module';
export { deliveryRouteType } from './deliveries.service';
export * from './deliveries.table';
