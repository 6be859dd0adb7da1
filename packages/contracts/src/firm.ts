/** What a firm shows before it has set its own name and logo (no zod: the top bar reads them). */
export const DEFAULT_LOGO = '/images/site/logo.png';
export const DEFAULT_FIRM_NAME = 'Your Firm';
