import { COLLECTION_KIND_LABELS, type Collection, type CollectionInput, type CollectionRow } from '@atelier/contracts';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { collections } from '../api';

const CollectionForm = lazyNamed(() => import('../components/collection-form'), 'CollectionForm');

/** Collections: hand-picked sets of products, or sets made by rules. */
export default recordPages<Collection, CollectionInput, CollectionRow>({
  resource: collections,
  form: (props) => <CollectionForm {...props} />,
  description:
    'Sets of products for the store and the showroom: picked by hand, or made by rules that keep them current.',
  subtitle: (c) => `${COLLECTION_KIND_LABELS[c.kind]} · ${c.products} product${c.products === 1 ? '' : 's'}`,
  deleteText: 'Deleting removes the collection for good; its products stay as they are.',
  tabs: { products: () => import('./collection-products-tab') },
});
