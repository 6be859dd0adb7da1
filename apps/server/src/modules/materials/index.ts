// The materials module's public entry (decision 0018).
export * from './materials.service';
export * from './materials.table';
