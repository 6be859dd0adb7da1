// The leads module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './lead-status';
export * from './leads.service';
export { leads } from './leads.table';
export * from './web-leads';
