// The jobs module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './jobs.module';
export * from './jobs.service';
export { customerJobs } from './jobs.table';
