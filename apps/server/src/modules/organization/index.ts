// The organization module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export * from './organization.service';
export { STARTER_ROLES } from './starter-roles';
