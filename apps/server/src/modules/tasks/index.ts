// The tasks module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './tasks.module';
export * from './tasks.service';
export { projectTemplates, tasks } from './tasks.table';
