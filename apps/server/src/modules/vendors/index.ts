// The vendors module's public entry: other modules and the wiring import it from here only
// (decision 0018).

export * from './vendor-items.table';
export * from './vendors.service';
export * from './vendors.table';
