// The accounting export's public entry: the wiring imports it from here only (decision 0018).
// Modules never import it: they declare their journal sources in their manifests (decision 0047).
export * from './accounting.module';
export * from './accounting.table';
