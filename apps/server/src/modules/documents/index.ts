// The priced-document engine's server side (decision 0035): the line columns every priced
// document's table has, pricing its lines from the catalog, and writing and reading them.

export * from './choices';
export * from './customer';
export * from './document-pdf';
export * from './lines.columns';
export * from './lines.service';
export * from './price-lines';
export * from './revisions';
