// The quotes module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './quotes.module';
export { quoteType } from './quotes.service';
export * from './quotes.table';
