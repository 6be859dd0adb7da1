// The liens module's public entry: the wiring imports it from here only (decision 0018).

export { remindLiens, remindLiensEverywhere } from './lien-reminders';
export { lienWaiverType } from './lien-waivers.service';
export * from './liens.module';
export { lienType } from './liens.service';
export { liens, lienWaivers } from './liens.table';
