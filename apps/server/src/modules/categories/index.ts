// The categories module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export { assertCategory } from './categories.service';
export * from './categories.table';
