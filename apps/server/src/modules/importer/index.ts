// The importer module's public entry (decision 0018).
export { importRecords } from './importer.table';
