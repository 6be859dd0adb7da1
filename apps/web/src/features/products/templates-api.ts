import { type ProductTemplate, type ProductTemplateInput, SETTINGS_KINDS } from '@atelier/contracts';
import { settingsResource } from '../../lib/settings-resource';

const templates = settingsResource<ProductTemplate, ProductTemplateInput>(SETTINGS_KINDS.productTemplate);

/** Every staff member reads the templates: whoever makes products starts from one. */
export const useProductTemplates = () => templates.useList();
export const useSaveProductTemplate = (id?: string) => templates.useSave(id);
export const useDeleteProductTemplate = () => templates.useDelete();
