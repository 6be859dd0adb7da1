import { defineModule } from '../../platform/modules/define-module';
import { onRecordsDeleted } from '../../platform/records/attachments';
import { messageRoutes } from './messages.routes';
import { removeMessages } from './messages.service';

onRecordsDeleted(removeMessages);

/** One-to-one messaging: emails and texts from a record, replies threaded back onto it. */
export const messagingModule = defineModule({ name: 'messaging', routes: messageRoutes() });
