import { type ProjectTemplate, type ProjectTemplateInput, SETTINGS_KINDS } from '@atelier/contracts';
import { settingsResource } from '../../lib/settings-resource';

/** The project templates: listed to whoever runs jobs (160), kept by project settings (162). */
export const projectTemplates = settingsResource<ProjectTemplate, ProjectTemplateInput>(SETTINGS_KINDS.projectTemplate);
