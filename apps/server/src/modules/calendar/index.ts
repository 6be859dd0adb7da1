// The calendar module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './calendar.module';
export { calendarFeeds } from './calendar.table';
