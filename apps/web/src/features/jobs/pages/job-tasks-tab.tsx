import type { CustomerJob } from '@atelier/contracts';
import { useRecord } from '../../../components/record/record-outlet';
import { TaskBoardPanel } from '../../tasks/components/task-board-panel';

/** A job's tasks: its own board, new tasks the job's. */
export default function JobTasksTab() {
  const { record } = useRecord<CustomerJob>();
  return <TaskBoardPanel job={{ _id: record._id, name: record.name }} />;
}
