// The proposals module's public entry: other modules and the wiring import it from here only
// (decision 0018).

export { APPROVE_PATH } from './proposal-links';
export * from './proposals.module';
export { proposalType } from './proposals.service';
export * from './proposals.table';
