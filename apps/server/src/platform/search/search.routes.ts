import {
  deleteSearchSchema,
  recentSearchInputSchema,
  saveSearchSchema,
  searchQuerySchema,
  subscriptionInputSchema,
} from '@atelier/contracts';
import { SIGNED_IN } from '../http/access';
import { type AnyRoute, defineRoute } from '../http/routes';
import { setSubscription } from '../subscriptions/subscriptions.service';
import { deleteSearch, recentSearchList, recordSearch, saveSearch, search } from './search.service';

export const searchRoutes: AnyRoute[] = [
  // Signed in is enough to ask: each kind of record is searched only for those who may see it.
  defineRoute({
    method: 'GET',
    url: '/search',
    access: SIGNED_IN,
    query: searchQuerySchema,
    handler: ({ db, actor, query }) => search(db, actor, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    handler: ({ db, actor }) => recentSearchList(db, actor),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    body: recentSearchInputSchema,
    handler: ({ db, actor, body }) => recordSearch(db, actor, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    body: saveSearchSchema,
    handler: ({ db, actor, body }) => saveSearch(db, actor, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/profile/recent-search',
    access: SIGNED_IN,
    body: deleteSearchSchema,
    handler: ({ db, actor, body }) => deleteSearch(db, actor, body._id),
  }),
  // Following a record: the service checks the kind's permission and that the record exists.
  defineRoute({
    method: 'POST',
    url: '/profile/subscriptions',
    access: SIGNED_IN,
    body: subscriptionInputSchema,
    handler: ({ db, actor, body }) => setSubscription(db, actor, body),
  }),
];
