// The profile module's public entry: other modules import it from here only (decision 0018).
export * from './profile.module';
export { changePassword } from './profile.service';
