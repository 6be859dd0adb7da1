// The filters module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export {
  assertFilterValues,
  comboFacetCounts,
  facetCounts,
  filterValueRefs,
  keptFacetCounts,
  registerFilterValueColumn,
} from './filters.service';
export * from './filters.table';
