/**
 * Texts of the plugins' config checks, in a module of their own: the owner API's schemas use one
 * (an https address) without loading every plugin's config schema (the panel's setup screen).
 */
export const pluginMessages = {
  unknownPlugin: 'Unknown plugin',
  notInstalled: 'This plugin is not installed',
  googleTagId: 'A Google tag ID looks like G-XXXXXXX',
  gtmCode: 'A Google Tag Manager container ID looks like GTM-XXXXXXX',
  pixelId: 'A Meta Pixel ID is 15 or 16 digits',
  clarityId: 'A Clarity project ID is 8 to 12 letters and digits',
  umamiWebsiteId: 'An Umami website ID is a UUID',
  httpsUrl: 'The value must be an https:// address',
  mobileNo: 'The number must be 8 to 15 digits, with the country code and no +',
} as const;
