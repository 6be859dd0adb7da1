// What a list's controls load on first use (`listControls`): the parts that need the positioning code.
export { ColumnsPopover } from './columns-popover';
export { FilterSelect } from './filter-select';
export { ViewsMenu } from './views-menu';
