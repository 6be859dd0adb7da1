import { FirstUse } from '../first-use';
import { type ColumnChooserProps, ColumnsButton } from './columns-button';
import { listControls } from './controls-part';

/** Which columns the list shows; the first column always stays (`ColumnsPopover`, loaded on first use). */
export function ColumnChooser<Row>(props: ColumnChooserProps<Row>) {
  return (
    <FirstUse part={listControls} standIn={(use) => <ColumnsButton onClick={use.click} />}>
      {(controls) => <controls.ColumnsPopover {...props} />}
    </FirstUse>
  );
}
