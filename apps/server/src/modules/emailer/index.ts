// The emailer module's public entry (decision 0018).

export { mergeValues } from './content';
export { emailerModule } from './emailer.module';
export * from './emails.table';
