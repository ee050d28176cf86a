/**
 * The resized copy the shop's /media serves (320 CSS px wide), for a thumbnail. Its own module:
 * a picture field shows a thumbnail on first paint, before the library's queries (and the media
 * schemas they bring) load with the picker.
 */
export const mediaThumbnail = (path: string) => path.replace(/^\/media\//, '/media/w_320/');
