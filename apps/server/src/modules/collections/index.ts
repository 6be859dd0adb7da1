// The collections module's public entry (decision 0018).
export * from './collections.service';
export * from './collections.table';
