// The store module's public entry: the wiring imports it from here only (decision 0018).
export * from './store.module';
