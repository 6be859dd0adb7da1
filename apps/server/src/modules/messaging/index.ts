// The messaging module's public entry (decision 0018).
export { startInboundSmtp } from './inbound';
export * from './messages.table';
export { messagingModule } from './messaging.module';
