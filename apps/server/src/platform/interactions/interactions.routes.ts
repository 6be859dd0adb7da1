import { followUpSchema } from '@atelier/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../http/access';
import { defineRoute } from '../http/routes';
import { dueFollowUps } from './interactions.service';

export const interactionRoutes = [
  // The signed-in user's own follow-ups that are due, for their home page.
  defineRoute({
    method: 'GET',
    url: '/interactions/follow-ups',
    access: SIGNED_IN,
    response: z.array(followUpSchema),
    handler: ({ db, actor }) => dueFollowUps(db, actor),
  }),
];
