import { defineModule } from '../../platform/modules/define-module';
import { invitationRoutes } from './invitations.routes';

/** Inviting colleagues by email. */
export const invitationsModule = defineModule({ name: 'invitations', routes: invitationRoutes });
