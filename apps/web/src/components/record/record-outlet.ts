import { useOutletContext } from 'react-router';
import type { RecordPath } from './api';

/** What a record's page hands its tabs: the record, and its API address. */
export type RecordOutlet<T> = { record: T; path: RecordPath };

/** The record a detail page's tab belongs to, and its API address. */
export function useRecord<T>(): RecordOutlet<T> {
  return useOutletContext<RecordOutlet<T>>();
}
