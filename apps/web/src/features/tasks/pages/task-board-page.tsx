import { KINDS } from '@atelier/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useMayOpen } from '../../../components/record/may-open';
import { useCan } from '../../../lib/permissions';
import { openTaskModal } from '../../../lib/task-modal';
import { TaskBoardPanel } from '../components/task-board-panel';

/** `/f/task-board` (spec section 2): the board; `/f/task-board/{id}` opens that task over it. */
export default function TaskBoardPage() {
  const { id } = useParams();
  const { hasFeature } = useCan();
  const allowed = useMayOpen(KINDS.task);
  useEffect(() => {
    if (id && allowed) openTaskModal({ id });
  }, [id, allowed]);
  if (!hasFeature(KINDS.task.feature))
    return <NoAccess message="Your firm does not have the project management module." />;
  if (!allowed) return <NoAccess />;
  return (
    <>
      <PageHeader
        title="Task Board"
        description="Drag a card to move it; with the keyboard, press space on a card and use the arrows."
      />
      <TaskBoardPanel />
    </>
  );
}
