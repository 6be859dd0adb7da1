import {
  facetCountsSchema,
  listQuerySchema,
  P,
  priceMeasureSchema,
  priceQuoteSchema,
  productImageSchema,
  productImagesEditSchema,
  productOptionsInputSchema,
  productSchema,
  productTagParamsSchema,
  productTagRenameSchema,
  productTagSchema,
  productTemplateInputSchema,
  productTemplateSchema,
  SETTINGS_KINDS,
  storedFileSchema,
  variantIdsSchema,
  variantSchema,
  variantsCreateSchema,
  variantsEditSchema,
  variantsFilterValuesSchema,
  variantsImageSchema,
  variantsRepriceSchema,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import { fileDeps, uploadHeaders, uploadQuery } from '../../platform/files/files.routes';
import { POLICIES, safeFileName } from '../../platform/files/files.service';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { addProductImage, deleteProductImage, editProductImages, listProductImages } from './images.service';
import { deleteProductModel, getProductModel, putProductModel } from './model.service';
import { priceProduct, productFacets, productType } from './products.service';
import { deleteProductTag, listProductTags, renameProductTag } from './tags.service';
import {
  createProductTemplate,
  deleteProductTemplate,
  getProductTemplate,
  listProductTemplates,
  updateProductTemplate,
} from './templates.service';
import {
  archiveVariants,
  createVariants,
  editVariants,
  listVariants,
  repriceVariants,
  saveOptions,
  setVariantFilterValues,
  setVariantImage,
} from './variants.service';

// A product's variants and options are the product's: its modify code (1), and its module.
const modify = permission(productType.entity.permission);

const pricingRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/products/facets',
    summary: 'How many products each category and filter value has (under the list’s search and filters)',
    access: permission(productType.entity.permission),
    query: listQuerySchema.pick({ q: true, filter: true }),
    response: facetCountsSchema,
    handler: ({ db, actor, query }) => productFacets(db, actor, query),
  }),
  ...recordTypeRoutes(productType),
  defineRoute({
    method: 'POST',
    url: '/products/:id/price',
    summary: 'Price what was measured',
    access: modify,
    params: idParams,
    body: priceMeasureSchema,
    response: priceQuoteSchema,
    // A read: order lines and the product page ask it; nothing is written.
    handler: ({ db, actor, params, body }) => priceProduct(db, actor, params.id, body),
  }),
];

const variantRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/products/:id/variants',
    summary: 'A product’s variants',
    access: modify,
    params: idParams,
    response: z.array(variantSchema),
    handler: ({ db, params }) => listVariants(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/products/:id/options',
    summary: 'A product’s options and their values',
    access: modify,
    params: idParams,
    body: productOptionsInputSchema,
    response: productSchema,
    handler: ({ db, actor, params, body }) => saveOptions(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/products/:id/variants',
    summary: 'Make variants from combinations of the options',
    access: modify,
    status: 201,
    params: idParams,
    body: variantsCreateSchema,
    response: z.array(variantSchema),
    handler: ({ db, actor, params, body }) => createVariants(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/products/:id/variants',
    summary: 'Edit many variants at once',
    access: modify,
    params: idParams,
    body: variantsEditSchema,
    response: z.array(variantSchema),
    handler: ({ db, actor, params, body }) => editVariants(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/products/:id/variants/reprice',
    summary: 'Change many variants’ prices by a percentage or an amount',
    access: modify,
    params: idParams,
    body: variantsRepriceSchema,
    response: z.array(variantSchema),
    handler: ({ db, actor, params, body }) => repriceVariants(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/products/:id/variants/filter-values',
    summary: 'Add filter values to, or take them off, many variants at once',
    access: modify,
    params: idParams,
    body: variantsFilterValuesSchema,
    response: z.array(variantSchema),
    handler: ({ db, actor, params, body }) => setVariantFilterValues(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/products/:id/variants/image',
    summary: 'Show one of the product’s images for many variants (or none of their own)',
    access: modify,
    params: idParams,
    body: variantsImageSchema,
    response: z.array(variantSchema),
    handler: ({ db, actor, params, body }) => setVariantImage(db, actor, params.id, body),
  }),
  ...(['archive', 'restore'] as const).map((step) =>
    defineRoute({
      method: 'POST',
      url: `/products/:id/variants/${step}`,
      summary: `${step === 'archive' ? 'Archive' : 'Restore'} variants`,
      access: modify,
      params: idParams,
      body: variantIdsSchema,
      response: z.array(variantSchema),
      handler: ({ db, actor, params, body }) => archiveVariants(db, actor, params.id, body.ids, step === 'archive'),
    }),
  ),
];
const imageParams = z.strictObject({ id: z.string(), imageId: z.uuid('Not an image of this product.') });
const imageRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/products/:id/images',
    summary: 'A product’s images, in order (the first is primary)',
    access: modify,
    params: idParams,
    response: z.array(productImageSchema),
    handler: ({ db, params }) => listProductImages(db, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/products/:id/images',
    summary: 'Add an image (the body is its bytes): cleaned of metadata, with a thumbnail',
    access: modify,
    status: 201,
    stream: true,
    unsupportedType: POLICIES.image.wrongType,
    params: idParams,
    query: uploadQuery,
    response: z.array(productImageSchema),
    handler: ({ scoped, actor, deps, params, query, req }) => {
      const { contentType, body } = uploadHeaders(req);
      return addProductImage(scoped, actor, fileDeps(deps), params.id, {
        name: safeFileName(query.name),
        contentType,
        body,
        uploadId: query.upload,
      });
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/products/:id/images',
    summary: 'Order a product’s images and give their alt text',
    access: modify,
    params: idParams,
    body: productImagesEditSchema,
    response: z.array(productImageSchema),
    handler: ({ db, actor, params, body }) => editProductImages(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/products/:id/images/:imageId',
    summary: 'Delete a product’s image',
    access: modify,
    params: imageParams,
    response: z.array(productImageSchema),
    handler: ({ db, actor, params }) => deleteProductImage(db, actor, params.id, params.imageId),
  }),
];

const modelRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/products/:id/model',
    summary: 'A product’s 3D model (a GLB file), or null',
    access: modify,
    params: idParams,
    response: storedFileSchema.nullable(),
    handler: ({ db, params }) => getProductModel(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/products/:id/model',
    summary: 'Upload a product’s 3D model (the body is a GLB file’s bytes), in place of the one before',
    access: modify,
    stream: true,
    unsupportedType: POLICIES.model.wrongType,
    params: idParams,
    query: uploadQuery,
    response: storedFileSchema,
    handler: ({ scoped, actor, deps, params, query, req }) =>
      putProductModel(scoped, actor, fileDeps(deps), params.id, {
        ...uploadHeaders(req),
        name: safeFileName(query.name),
        uploadId: query.upload,
      }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/products/:id/model',
    summary: 'Remove a product’s 3D model',
    access: modify,
    status: 204,
    params: idParams,
    handler: ({ db, actor, params }) => deleteProductModel(db, actor, params.id),
  }),
];

export const productRoutes: AnyRoute[] = [...pricingRoutes, ...variantRoutes, ...imageRoutes, ...modelRoutes];

// /p/tags (82): the product tags, renamed, merged and removed across every product at once.
const tags = permission(P.MODIFY_PRODUCT_TAGS);
export const productTagRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/tags',
    summary: 'The product tags, with how many products carry each',
    access: tags,
    response: z.array(productTagSchema),
    handler: ({ db }) => listProductTags(db),
  }),
  defineRoute({
    method: 'PUT',
    url: '/tags/:name',
    summary: 'Rename a product tag (merging it into one of that name)',
    access: tags,
    params: productTagParamsSchema,
    body: productTagRenameSchema,
    response: z.array(productTagSchema),
    handler: ({ db, actor, params, body }) => renameProductTag(db, actor, params.name, body.name),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/tags/:name',
    summary: 'Take a tag off every product',
    access: tags,
    status: 204,
    params: productTagParamsSchema,
    handler: ({ db, actor, params }) => deleteProductTag(db, actor, params.name),
  }),
];

// /s/product's templates tab (74): what a new product starts with. Every staff member reads them
// (the products list's "New from template"); making and changing them needs 74.
const templateKind = SETTINGS_KINDS.productTemplate;
const templates = permission(templateKind.codes.modify);
export const productTemplateRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: templateKind.apiPath,
    summary: 'The product templates, by name',
    access: SIGNED_IN,
    response: z.array(productTemplateSchema),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listProductTemplates(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: templateKind.apiPath,
    summary: 'Create a product template',
    access: templates,
    status: 201,
    body: productTemplateInputSchema,
    response: productTemplateSchema,
    handler: ({ db, actor, body }) => createProductTemplate(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: `${templateKind.apiPath}/:id`,
    summary: 'Read a product template',
    access: templates,
    params: idParams,
    response: productTemplateSchema,
    handler: ({ db, params }) => getProductTemplate(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${templateKind.apiPath}/:id`,
    summary: 'Edit a product template',
    access: templates,
    params: idParams,
    body: withVersion(productTemplateInputSchema),
    response: productTemplateSchema,
    handler: ({ db, actor, params, body }) => updateProductTemplate(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${templateKind.apiPath}/:id`,
    summary: 'Delete a product template',
    access: templates,
    status: 204,
    params: idParams,
    handler: ({ db, actor, params }) => deleteProductTemplate(db, actor, params.id),
  }),
];
