import { KINDS } from '@atelier/contracts';
import { defineModule } from '../../platform/modules/define-module';
import { tasksDemoSeed } from './tasks.demo';
import { firstVisitTask, templateTasks } from './tasks.reactions';
import { taskRoutes } from './tasks.routes';
import { templateRoutes } from './templates.routes';
import { projectTemplateSetting } from './templates.service';

/** Tasks and the board (spec sections 3, 4 and 7): every job's work, and the firm's own. */
export const tasksModule = defineModule({
  name: 'tasks',
  kinds: [KINDS.task],
  routes: [...taskRoutes, ...templateRoutes],
  reactions: [firstVisitTask, templateTasks],
  seeds: [tasksDemoSeed],
  settings: { references: { projectTemplate: projectTemplateSetting } },
});
