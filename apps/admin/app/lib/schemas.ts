/** The shared schemas the panel's forms check with, in a chunk of their own (loaded on first use). */
export {
  StaffCreateBodySchema,
  StaffLoginBodySchema,
  StaffPasswordBodySchema,
  StaffUpdateBodySchema,
} from '@shopfront/shared';
export {
  SetupCodBodySchema,
  SetupLegalBodySchema,
  SetupPaymentsBodySchema,
  SetupRegionBodySchema,
  SetupShippingBodySchema,
  SetupStoreBodySchema,
  SetupTaxBodySchema,
} from '@shopfront/shared';
export { CustomerNoteBodySchema } from '@shopfront/shared';
export { TaxSellerBodySchema } from '@shopfront/shared';
export { ChannelBodySchema } from '@shopfront/shared';
export { SearchSharingBodySchema } from '@shopfront/shared';
export { StoreSettingsPatchSchema, PLUGIN_CONFIG_SCHEMAS } from '@shopfront/shared';
export { StorefrontPatchSchema } from '@shopfront/shared';
