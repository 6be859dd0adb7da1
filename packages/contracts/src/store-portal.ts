import { z } from 'zod';
import { phoneSchema } from './records';

/**
 * The customer's own details, as the store's details form sends them: their name, one phone and
 * one address (the first of their record's; the others stay as the firm keeps them). The address
 * is all or nothing: a street and a city, or neither.
 */
export const portalDetailsSchema = z
  .strictObject({
    firstName: z.string().trim().min(1, 'Enter your first name.').max(80, 'Use at most 80 characters.'),
    lastName: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
    phone: phoneSchema.default(''),
    line1: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    line2: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    city: z.string().trim().max(100, 'Use at most 100 characters.').default(''),
    region: z.string().trim().max(100, 'Use at most 100 characters.').default(''),
    postalCode: z.string().trim().max(20, 'Use at most 20 characters.').default(''),
    country: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
  })
  .superRefine((d, ctx) => {
    const any = [d.line1, d.line2, d.city, d.region, d.postalCode].some(Boolean);
    if (!any) return;
    if (!d.line1) ctx.addIssue({ code: 'custom', path: ['line1'], message: 'Enter the street address.' });
    if (!d.city) ctx.addIssue({ code: 'custom', path: ['city'], message: 'Enter the city.' });
    if (d.country.length < 2) ctx.addIssue({ code: 'custom', path: ['country'], message: 'Enter the country.' });
  });
export type PortalDetailsInput = z.input<typeof portalDetailsSchema>;
