// The time module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './time.module';
export { timeEntries, timesheetWeeks } from './time.table';
