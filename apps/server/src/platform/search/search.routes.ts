import {
  deleteSearchSchema,
  recentSearchInputSchema,
  recentSearchSchema,
  saveSearchSchema,
  searchAnswerSchema,
  searchQuerySchema,
  subscriptionInputSchema,
  subscriptionSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { SIGNED_IN } from '../http/access';
import { type AnyRoute, defineRoute } from '../http/routes';
import { setSubscription } from '../subscriptions/subscriptions.service';
import { deleteSearch, recentSearchList, recordSearch, saveSearch, search } from './search.service';

/** Every recent-search route answers the person's recent and saved searches as they are now. */
const recentSearches = z.array(recentSearchSchema);

export const searchRoutes: AnyRoute[] = [
  // Signed in is enough to ask: each kind of record is searched only for those who may see it.
  defineRoute({
    method: 'GET',
    url: '/search',
    access: SIGNED_IN,
    query: searchQuerySchema,
    response: searchAnswerSchema,
    handler: ({ db, actor, query }) => search(db, actor, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    response: recentSearches,
    handler: ({ db, actor }) => recentSearchList(db, actor),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    body: recentSearchInputSchema,
    response: recentSearches,
    handler: ({ db, actor, body }) => recordSearch(db, actor, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    body: saveSearchSchema,
    response: recentSearches,
    handler: ({ db, actor, body }) => saveSearch(db, actor, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    body: deleteSearchSchema,
    response: recentSearches,
    handler: ({ db, actor, body }) => deleteSearch(db, actor, body._id),
  }),
  // Following a record: the service checks the kind's permission and that the record exists.
  defineRoute({
    method: 'POST',
    url: '/profile/subscriptions',
    access: SIGNED_IN,
    body: subscriptionInputSchema,
    // Everything the person follows now.
    response: z.array(subscriptionSchema),
    handler: ({ db, actor, body }) => setSubscription(db, actor, body),
  }),
];
