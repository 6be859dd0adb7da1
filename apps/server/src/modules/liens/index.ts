// The liens module's public entry: the wiring imports it from here only (decision 0018).

export { remindLiens, remindLiensEverywhere } from './lien-reminders';
export * from './liens.module';
export { lienType } from './liens.service';
export { liens } from './liens.table';
